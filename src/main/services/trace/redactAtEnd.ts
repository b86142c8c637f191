import type { Attributes } from '@opentelemetry/api'
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base'
import { redactText } from '@shared/mcp/redact'

/**
 * The last look at a span before anything keeps or exports it: the host's known secrets as they
 * are when it ends. A span's arguments are described when it starts; on the call that starts a
 * server, that is before the values `${env:NAME}` brings in are known. By its end they are, so
 * each string of its attributes, events and status is scrubbed of them here, in place, ahead of
 * the store and the exporter. Runs first among the processors.
 */
export class RedactAtEnd implements SpanProcessor {
  constructor(private readonly secrets: () => readonly string[]) {}

  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    const secrets = this.secrets()
    if (!secrets.length) return
    scrub(span.attributes, secrets)
    for (const event of span.events) if (event.attributes) scrub(event.attributes, secrets)
    const status = span.status as { message?: string }
    if (status.message && holds(status.message, secrets)) status.message = redactText(status.message, { secrets })
  }

  forceFlush(): Promise<void> {
    return Promise.resolve()
  }

  shutdown(): Promise<void> {
    return Promise.resolve()
  }
}

function holds(text: string, secrets: readonly string[]): boolean {
  for (const secret of secrets) if (secret.length >= 4 && text.includes(secret)) return true
  return false
}

function scrub(attributes: Attributes, secrets: readonly string[]): void {
  for (const key in attributes) {
    const value = attributes[key]
    if (typeof value === 'string') {
      if (holds(value, secrets)) attributes[key] = redactText(value, { secrets })
    } else if (Array.isArray(value) && value.some((item) => typeof item === 'string' && holds(item, secrets))) {
      attributes[key] = (value as string[]).map((item) => (typeof item === 'string' ? redactText(item, { secrets }) : item))
    }
  }
}
