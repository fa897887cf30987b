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
/** Where a connection the front does not answer goes: the socket, with the bytes read from it and not answered. */
export type HandOver = (socket: Socket, readAhead: Buffer) => void;

export function takeOverConnections(server: Server, front: (socket: Socket) => void): HandOver | null {
  const nodeListeners = server.listeners("connection");
  if (nodeListeners.length !== 1) return null;
  const [setUp] = nodeListeners as [(socket: Socket) => void];
  server.removeListener("connection", setUp);
  server.on("connection", front);
  return (socket, readAhead) => {
    socket.pause();
    if (readAhead.length > 0) socket.unshift(readAhead);
    setUp.call(server, socket);
    socket.resume();
  };
}

/**
 * Readies a socket this process has read from to be sent to another (`process.send(message,
 * socket)`, Node's documented way to pass a connection): stops reading it, and returns the bytes
 * its stream took in but did not yet emit, which the other process must get with what this one
 * read (server/stored-page-process.ts). Returns null (and changes nothing) if the socket cannot
 * be stopped.
 *
 * What Node does not promise, and this relies on (Node 24): a socket sent to another process
 * keeps its handle reading until the handle is closed after the send, and drops what it reads
 * meanwhile (Node sets the handle's `onread` to a no-op); so reading must stop before the send,
 * and only the handle's own `readStop` (`socket._handle`, undocumented) stops it: `pause()`
 * stops only the 'data' events. `read()` takes what the stream holds, and may start the handle
 * reading again, so it comes first; nothing is read between it and `readStop` (no I/O runs in
 * between).
 *
 * If `_handle.readStop` is gone (`canRelease` is false), a stored-page process passes its first
 * connection on before reading from it and stops: one process answers everything, correct but
 * slower. If a send still loses bytes, a request whose body arrives while
 * its connection is passed is cut: tests/integration/stored-page-processes.test.ts ("a body that
 * arrives while its connection is passed") fails.
 */
export function releaseForAnotherProcess(socket: Socket): Buffer | null {
  if (!canRelease(socket)) return null;
  socket.pause();
  const held: Buffer[] = [];
  for (let chunk: Buffer | null; (chunk = socket.read() as Buffer | null) !== null;) held.push(chunk);
  handleOf(socket)!.readStop!();
  return Buffer.concat(held);
}

/** Whether `releaseForAnotherProcess` can stop this socket. */
export function canRelease(socket: Socket): boolean {
  return typeof handleOf(socket)?.readStop === "function";
}

function handleOf(socket: Socket): { readStop?: () => number } | undefined {
  return (socket as unknown as { _handle?: { readStop?: () => number } })._handle ?? undefined;
}
