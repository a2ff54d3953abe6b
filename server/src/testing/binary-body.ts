import type request from 'supertest';

/** A binary supertest answer as a Buffer: `request(http).get(path).buffer(true).parse(binary)`. */
export function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
