/** Reading and writing geometry files that need no library (Wavefront OBJ). Depends on geometry. */
package ricochet.io;
