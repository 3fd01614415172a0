import type { Logger } from './ports';

/**
 * The Logger of the Lambdas and the local stack: one JSON line per entry, which CloudWatch Logs Insights can
 * query by field. Tests pass a recording logger instead.
 */
export const consoleJsonLogger: Logger = {
  info: (message, context) => console.log(line('info', message, context)),
  warn: (message, context) => console.warn(line('warn', message, context)),
  error: (message, context) => console.error(line('error', message, context)),
};

function line(level: string, message: string, context: Record<string, unknown> | undefined): string {
  return JSON.stringify({ level, message, ...context });
}

/** An error as loggable fields (a DomainError's code included), without its stack in the answer to any client. */
export function errorFields(e: unknown): Record<string, unknown> {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return { error: e.message, errorName: e.name, ...(typeof code === 'string' ? { errorCode: code } : {}) };
  }
  return { error: String(e) };
}
