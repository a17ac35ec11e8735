/**
 * Scene files ({@code "format": "ricochet-scene/1"}, described in the README): the model as records,
 * reading with Jackson, and validation that reports every problem with its JSON path. Depends on
 * core's math, geometry and io.
 */
package ricochet.io.scene;
