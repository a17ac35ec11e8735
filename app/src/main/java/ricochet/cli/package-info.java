/**
 * The command line of contract section 1 ({@code ./ricochet run | scenes | validate}), with picocli.
 * Exit codes: 0 ok, 1 simulation error, 2 bad arguments or bad scene. Depends on scenes and io.
 */
package ricochet.cli;
