/**
 * One log line per request at `info`: Fastify writes two (`incoming request` and `request completed`),
 * each serialized and written at once to standard output, about a quarter of a cached answer's CPU (issue
 * 11, part 4). The completed line carries the request too (method, URL, address), so nothing is lost; the
 * incoming line is kept at `debug`, for a request that never completes.
 *
 * The log goes to standard output through a buffer written about every 16 KiB, at least once a second
 * and on exit, rather than one synchronous write per line: the write was most of what a line cost. The
 * lines of one turn of the event loop reach that buffer in one write (`TurnBuffer`). A crash that kills
 * the process outright (SIGKILL, out of memory) can lose its last second of lines; an exception, a signal
 * or a normal exit still writes them (pino flushes on exit). docs/decisions/006-request-log.md.
 *
 * Two more savings, each measured with bench/ (the log was still 15 to 30 µs of an answer that costs the
 * product 60 µs without it):
 * - a request's child logger (the one that adds `reqId`) is made only when something logs through it
 *   (`lazyChildLogger`); most requests log nothing but the completed line;
 * - the completed line of a successful request is written as text, with exactly the fields and order
 *   pino writes (`completedLine`), instead of going through pino's generic serializers and stringifier.
 *   Errors still go through pino.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';

/** Where the fast completed line is written: the pino destination the root logger writes to. */
export interface LineDestination {
  write(line: string): unknown;
}

/** The part of pino's destination (SonicBoom) that `TurnBuffer` uses. */
interface Sink extends LineDestination {
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * Hands the lines written during one turn of the event loop to `sink` in a single write when the turn
 * ends (setImmediate), in the order they were written. SonicBoom measures its whole pending buffer
 * (`Buffer.byteLength`, up to 16 KiB) on every write, which made each line cost several microseconds
 * under load; a turn that answers ten requests now pays it once (issue 11, part 4). Every line of the
 * server goes through here, pino's own as well as the completed lines, so their order is kept. The lines
 * of the current turn are handed over on exit, after pino's flush, and written at once.
 */
export class TurnBuffer implements Sink {
  readonly #sink: Sink;
  #pending = '';
  #scheduled = false;

  constructor(sink: Sink) {
    this.#sink = sink;
    // Only with lines pending: a sink pino has already ended (at beforeExit) takes no more writes.
    process.once('exit', () => {
      if (this.#pending !== '') this.flushSync();
    });
  }

  write(line: string): boolean {
    this.#pending += line;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.#handOver());
    }
    return true;
  }

  /** Hands the pending lines over and asks the sink to write everything (pino's `logger.flush`). */
  flush(callback?: (error?: Error) => void): void {
    this.#handOver();
    this.#sink.flush(callback);
  }

  /** Hands the pending lines over and writes everything now (on exit). */
  flushSync(): void {
    this.#handOver();
    this.#sink.flushSync();
  }

  #handOver(): void {
    this.#scheduled = false;
    if (this.#pending === '') return;
    const lines = this.#pending;
    this.#pending = '';
    this.#sink.write(lines);
  }
}

/** How long a line may wait in the buffer at most (a quiet server's lines still show within a second). */
export const LOG_FLUSH_MS = 1_000;

/**
 * Standard output, buffered (see above): lines gathered per turn, written when 16 KiB are pending and at
 * the latest every {@link LOG_FLUSH_MS}. Under load that is one write for about 60 lines (a 4 KiB buffer
 * wrote every 16, and a quiet server's lines waited until 4 KiB had gathered).
 */
export function bufferedStdout(): TurnBuffer {
  return new TurnBuffer(
    pino.destination({
      dest: 1,
      sync: false,
      minLength: 16 * 1024,
      maxWrite: 32 * 1024,
      periodicFlush: LOG_FLUSH_MS,
    }),
  );
}

/** Printable ASCII without `"` and `\`: text JSON writes as it is, between quotes. */
const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `JSON.stringify(value)` for a string: the text between quotes when nothing in it needs escaping (ids,
 * methods, most URLs and addresses), which is several times quicker than JSON.stringify for short text.
 */
function jsonString(value: string): string {
  return PLAIN_JSON_TEXT.test(value) ? `"${value}"` : JSON.stringify(value);
}

/**
 * The `request completed` line pino would write for this answer (Fastify's request and reply
 * serializers, lib/logger-pino.js), as text: `{"level":30,"time":…,<root bindings>,"reqId":…,"req":{…},
 * "res":{"statusCode":…},"responseTime":…,"msg":"request completed"}` and a newline.
 * @param rootBindings the root logger's bindings as pino keeps them (`,"pid":1,"hostname":"h"`)
 * @param timeMs the log time, milliseconds since the epoch
 */
export function completedLine(
  request: FastifyRequest,
  reply: FastifyReply,
  rootBindings: string,
  timeMs: number,
): string {
  const version = request.headers['accept-version'];
  const host = request.host;
  const port = request.socket?.remotePort;
  const responseTime = reply.elapsedTime;
  return (
    `{"level":30,"time":${timeMs}${rootBindings},"reqId":${jsonString(request.id)}` +
    `,"req":{"method":${jsonString(request.method)},"url":${jsonString(request.url)}` +
    (version === undefined ? '' : `,"version":${JSON.stringify(version)}`) +
    (host === undefined ? '' : `,"host":${jsonString(host)}`) +
    (request.ip === undefined ? '' : `,"remoteAddress":${jsonString(request.ip)}`) +
    (port === undefined ? '' : `,"remotePort":${port}`) +
    `},"res":{"statusCode":${reply.statusCode}},"responseTime":${Number.isFinite(responseTime) ? responseTime : null}` +
    ',"msg":"request completed"}\n'
  );
}

/** Whether `logger` writes at `level`; true for a logger that cannot tell (Fastify's null logger). */
function levelEnabled(logger: FastifyBaseLogger, level: string): boolean {
  const check = (logger as Partial<Pick<pino.Logger, 'isLevelEnabled'>>).isLevelEnabled;
  return typeof check !== 'function' || check.call(logger, level);
}

export class OneLineRequestLog extends LogController {
  readonly #destination: LineDestination | null;
  /** the root logger's bindings string, read once (the root logger of a server never changes) */
  #rootBindings: string | null = null;

  /**
   * @param destination the stream the server's pino logger writes to (`bufferedStdout()`), for the fast
   * completed line; without it every line goes through pino (tests with their own stream)
   */
  constructor(destination: LineDestination | null = null) {
    super();
    this.#destination = destination;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request) || !levelEnabled(request.server.log, 'debug')) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    const root = request.server.log;
    if (this.#destination && levelEnabled(root, 'info') && reply.log instanceof LazyRequestLogger) {
      this.#rootBindings ??= (root as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
      this.#destination.write(completedLine(request, reply, this.#rootBindings, Date.now()));
      return;
    }
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * A request's logger, made on first use (Fastify makes one per request, `logger.child({ reqId })`, a
 * few microseconds each, though most requests never log through it). Behaves as the child it stands for.
 */
export class LazyRequestLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | null = null;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** the child logger itself, made now if not yet */
  get logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return levelEnabled(this.#child || this.#options.level ? this.logger : this.#parent, level);
  }

  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.logger[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a LazyRequestLogger in place of `logger.child(bindings, options)`. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
