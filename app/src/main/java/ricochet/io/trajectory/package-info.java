/**
 * Trajectory and event output (contract section 2): CSV, JSON and the events' JSON lines, each
 * written to a temporary file and moved into place, so a failed run leaves nothing half-written.
 */
package ricochet.io.trajectory;
