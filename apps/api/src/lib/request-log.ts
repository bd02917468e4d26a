/**
 * One log line per request at `info`: Fastify writes two (`incoming request` and `request completed`),
 * each serialized and written at once to standard output, about a quarter of a cached answer's CPU (issue
 * 11, part 4). The completed line carries the request too (method, URL, address), so nothing is lost; the
 * incoming line is kept at `debug`, for a request that never completes.
 *
 * The log goes to standard output through a buffer written about every 4 KiB (and on exit) rather than
 * one synchronous write per line: the write was most of what a line cost. A crash that kills the process
 * outright (SIGKILL, out of memory) can lose the last few lines; an exception, a signal or a normal exit
 * still writes them (pino flushes on exit). docs/decisions.md, "Throughput (issue 11)".
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/** Standard output, buffered (see above). */
export function bufferedStdout() {
  return pino.destination({ dest: 1, sync: false, minLength: 4096 });
}

export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
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
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
