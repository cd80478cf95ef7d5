import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free port for the mail tests: it keeps what it receives, parsed. */
export interface TestSmtpServer {
  /** SMTP_URL for the app. */
  url: string;
  received: ParsedMail[];
  /** While true, every recipient is refused with a temporary error (451), as a sick mail server does. */
  rejecting: boolean;
  /** Stops listening (connections are then refused), and starts again on the same port. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  let server: SMTPServer;
  let port = 0;
  const smtp: TestSmtpServer = {
    url: '',
    received: [],
    rejecting: false,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
    start: async () => {
      server = new SMTPServer({
        authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
        onRcptTo: (_address, _session, callback) => callback(smtp.rejecting
          ? Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }) : null),
        onData: (stream, _session, callback) => {
          simpleParser(stream).then((mail) => {
            smtp.received.push(mail);
            callback();
          }, callback);
        },
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
      port = (server.server.address() as AddressInfo).port;
      smtp.url = `smtp://127.0.0.1:${port}`;
    },
  };
  await smtp.start();
  return smtp;
}
