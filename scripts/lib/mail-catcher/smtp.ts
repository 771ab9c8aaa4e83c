/**
 * The mail catcher's SMTP listener (scripts/lib/mail-catcher.ts, smtp-server) on 127.0.0.1: no
 * STARTTLS, AUTH in clear text (any credentials unless `credentials` are given), messages above
 * `maxBytes` refused (552). `onData` gets each message's DATA stream; its rejection is the reply.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { HOST } from './message.ts';

interface SmtpOptions {
  /** 0 = any free port. */
  port: number;
  maxBytes: number;
  credentials: { user: string; pass: string } | undefined;
  onData: (stream: SMTPServerDataStream, session: SMTPServerSession) => Promise<void>;
}

/** A message's bytes from its DATA stream; past `maxBytes` it throws with the 552 reply. */
export async function readData(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (stream.sizeExceeded || size > maxBytes) {
    throw Object.assign(new Error('Message exceeds the fixed maximum message size'), { responseCode: 552 });
  }
  return Buffer.concat(chunks);
}

export async function startSmtp({ port, maxBytes, credentials, onData }: SmtpOptions) {
  const smtp = new SMTPServer({
    banner: 'local mail catcher',
    disabledCommands: ['STARTTLS'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    size: maxBytes,
    rejectOversized: true,
    maxClients: 50,
    closeTimeout: 1000,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && (auth.username !== credentials.user || auth.password !== credentials.pass)) {
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
      callback(null, { user: auth.username ?? '' });
    },
    onData(stream, session, callback) {
      onData(stream, session).then(
        () => callback(),
        (e: unknown) => callback(e as Error),
      );
    },
  });
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, HOST, () => {
      smtp.off('error', reject);
      resolve((smtp.server.address() as AddressInfo).port);
    });
  });
  // A client that misbehaves must not take the catcher down.
  smtp.on('error', () => {});
  return { smtp, smtpPort };
}
