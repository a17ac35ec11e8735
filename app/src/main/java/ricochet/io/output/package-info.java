/**
 * Output files that appear whole or not at all: each is written beside its target under a
 * temporary name and moved into place, and the temporary files are deleted on exit. Depends on
 * the JDK only; the trajectory, glTF and snapshot writers use it.
 */
package ricochet.io.output;
