import { AppError } from '#server/errors/app-error';

export const BUSY_WITH_UPLOADS = 'Many forms with documents are being sent right now. Your form is kept on your phone; please send it again in a minute.';

/**
 * A bound on the multipart forms one process holds in memory at once (each up to four 5 MB files,
 * read whole before it is checked): past it, a form is turned away at once (503, Retry-After)
 * before its body is read, instead of many slow senders filling the memory together.
 */
export class FormGate {
  #open = 0;
  constructor(
    readonly capacity: number,
    readonly retryAfterSeconds = 30,
  ) {}

  get inFlight(): number {
    return this.#open;
  }

  /** Takes a place or throws the 503; the returned function gives the place back (once). */
  enter(): () => void {
    if (this.#open >= this.capacity) {
      throw new AppError('SERVICE_UNAVAILABLE', { userMessage: BUSY_WITH_UPLOADS, message: `form gate full (${this.capacity})`, retryAfterSeconds: this.retryAfterSeconds });
    }
    this.#open += 1;
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.#open -= 1;
    };
  }
}
