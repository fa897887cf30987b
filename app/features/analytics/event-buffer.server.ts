/**
 * An in-memory queue that writes events in batches (docs/analytics.md, "Ingestion").
 *
 * `add` only appends to an array, so the beacon endpoint answers at once. The queue is written
 * every `flushIntervalMs`, or as soon as `maxBatch` events wait, by one `write` call per batch,
 * one batch at a time. A failed write (database down) keeps its events at the front of the
 * queue and is tried again later, backing off up to 30 s; while the queue holds `maxBuffered`
 * events, new ones are refused and counted (`dropped`), so memory stays bounded however long
 * the database is away. `stop()` writes everything still queued (on SIGTERM, before the pool
 * closes); a crash loses what was queued, at most the last interval's events in normal running.
 */
export type EventBufferOptions<T> = {
  write: (batch: T[]) => Promise<unknown>;
  flushIntervalMs?: number;
  maxBatch?: number;
  maxBuffered?: number;
  onWriteError?: (error: unknown, queued: number) => void;
};

const MAX_BACKOFF_MS = 30_000;

export class EventBuffer<T> {
  readonly flushIntervalMs: number;
  readonly maxBatch: number;
  readonly maxBuffered: number;
  /** Events refused because the queue was full, or added after stop(). */
  dropped = 0;
  /** Events written. */
  written = 0;

  private queue: T[] = [];
  private inFlight: T[] = [];
  private draining: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private retryAt = 0;
  private stopped = false;

  constructor(private readonly options: EventBufferOptions<T>) {
    this.flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.maxBatch = options.maxBatch ?? 2000;
    this.maxBuffered = options.maxBuffered ?? 50_000;
  }

  /** Queues one event; false when it was refused (queue full, or stopped). */
  add(event: T): boolean {
    if (this.stopped || this.size >= this.maxBuffered) {
      this.dropped++;
      return false;
    }
    this.queue.push(event);
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.flushIntervalMs);
      this.timer.unref();
    }
    if (this.queue.length >= this.maxBatch && !this.draining && Date.now() >= this.retryAt) void this.flush().catch(() => undefined);
    return true;
  }

  /** Events queued or being written. */
  get size(): number {
    return this.queue.length + this.inFlight.length;
  }

  /** The first queued (not yet written) event that matches. */
  find(match: (event: T) => boolean): T | undefined {
    return this.inFlight.find(match) ?? this.queue.find(match);
  }

  /** Writes everything queued, batch by batch; rejects with the write's error if one fails. */
  flush(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /**
   * Stops the timer, refuses new events and writes what is queued, trying again for up to
   * `timeoutMs` while the database does not answer. Returns how many events could not be written.
   */
  async stop({ timeoutMs = 5000 }: { timeoutMs?: number } = {}): Promise<number> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        await this.flush();
        if (this.size === 0) return 0;
      } catch {
        // tried again below until the deadline
      }
      if (Date.now() >= deadline) return this.size;
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(0, deadline - Date.now()))));
    }
  }

  private tick() {
    if (this.queue.length === 0 || this.draining || Date.now() < this.retryAt) return;
    void this.flush().catch(() => undefined);
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      this.inFlight = this.queue.splice(0, this.maxBatch);
      try {
        await this.options.write(this.inFlight);
        this.written += this.inFlight.length;
        this.inFlight = [];
        this.failures = 0;
        this.retryAt = 0;
      } catch (error) {
        this.queue = this.inFlight.concat(this.queue);
        this.inFlight = [];
        this.failures++;
        this.retryAt = Date.now() + Math.min(MAX_BACKOFF_MS, this.flushIntervalMs * 2 ** this.failures);
        this.options.onWriteError?.(error, this.queue.length);
        throw error;
      }
    }
  }
}
