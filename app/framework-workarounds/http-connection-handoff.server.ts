import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * Lets a front read a connection's first bytes before Node's HTTP server does, and hand the
 * connection over, with the bytes it read, when it will not answer them itself (decision 0201).
 *
 * Node documents that a socket can be given to an HTTP server by emitting 'connection' on it,
 * and that `readable.unshift` puts bytes back at the front of a stream. What it does not
 * promise, and this file relies on (Node 24):
 * - an `http.Server` sets a connection up in the one 'connection' listener it adds in its
 *   constructor; taking that listener off and calling it later sets the connection up the same;
 * - bytes put back with `unshift` on a paused socket reach the server's parser first, before
 *   anything read from the socket afterwards, once the socket is resumed (the parser reads the
 *   socket's buffer through its 'data' listener, and further reads straight from the handle
 *   only after that buffer has been emptied on the next tick).
 *
 * If the first fact no longer holds (not exactly one listener), `takeOverConnections` returns
 * null and changes nothing: every request goes through Node's parser, as before, only slower.
 * If the second breaks, a request that spans the front's read and the next one is answered
 * wrongly or not at all: server/stored-page-connections.test.ts ("hands a connection over with
 * the bytes it read") fails.
 */
export type HandOver = (socket: Socket, readAhead?: Buffer) => void;

export function takeOverConnections(server: Server, front: (socket: Socket) => void): HandOver | null {
  const nodeListeners = server.listeners("connection");
  if (nodeListeners.length !== 1) return null;
  const [setUp] = nodeListeners as [(socket: Socket) => void];
  server.removeListener("connection", setUp);
  server.on("connection", front);
  return (socket, readAhead) => {
    socket.pause();
    if (readAhead && readAhead.length > 0) socket.unshift(readAhead);
    setUp.call(server, socket);
    socket.resume();
  };
}
