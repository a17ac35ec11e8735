/**
 * The command line ({@code ./ricochet run | scenes | validate}, see the README), with picocli.
 * Exit codes: 0 ok, 1 simulation error, 2 bad arguments or bad scene. Depends on scenes and io.
 */
package ricochet.cli;
