/** One buffered log line per request, written as pino would (docs/decisions/006-request-log.md). */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';

export interface LineDestination {
  write(line: string): unknown;
}

interface Sink extends LineDestination {
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/** Hands the lines of one event-loop turn to `sink` in one write when the turn ends, in order. */
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

  flush(callback?: (error?: Error) => void): void {
    this.#handOver();
    this.#sink.flush(callback);
  }

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

/** How long a line may wait in the buffer at most. */
export const LOG_FLUSH_MS = 1_000;

/** Standard output, buffered per turn and written when full or every {@link LOG_FLUSH_MS}. */
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

const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `JSON.stringify(value)` for a string, without it when nothing needs escaping. */
function jsonString(value: string): string {
  return PLAIN_JSON_TEXT.test(value) ? `"${value}"` : JSON.stringify(value);
}

/**
 * The `request completed` line pino would write for this answer, as text.
 * @param rootBindings pino's bindings string (`,"pid":1,"hostname":"h"`); @param timeMs epoch ms
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
  #rootBindings: string | null = null;

  /** @param destination for the fast completed line; without it every line goes through pino */
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

/** A request's logger, made on first use (most requests never log through it). */
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
