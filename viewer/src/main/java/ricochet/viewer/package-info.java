/**
 * The browser viewer ({@code ./ricochet view SCENE}, see the README's "The viewer"): a Javalin server that
 * steps one simulation on its own thread in real time, answers the HTTP API and streams poses over
 * a WebSocket to a three.js page served from the jar. Depends on the core and the app (scenes).
 */
package ricochet.viewer;
