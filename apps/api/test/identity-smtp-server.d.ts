// Minimal typings for the `smtp-server` devDependency (it ships none), as the SMTP adapter and receipt tests use it.
declare module 'smtp-server' {
  import type { Readable } from 'node:stream';
  export interface SMTPServerSession {
    envelope: { mailFrom: { address: string } | false; rcptTo: { address: string }[] };
    user?: string;
    secure: boolean;
  }
  export interface SMTPServerOptions {
    secure?: boolean;
    authOptional?: boolean;
    allowInsecureAuth?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    onAuth?(
      auth: { username?: string; password?: string },
      session: SMTPServerSession,
      callback: (error: Error | null, response?: { user: string }) => void,
    ): void;
    onRcptTo?(
      address: { address: string },
      session: SMTPServerSession,
      callback: (error?: (Error & { responseCode?: number }) | null) => void,
    ): void;
    onData?(stream: Readable, session: SMTPServerSession, callback: (error?: Error | null) => void): void;
  }
  export class SMTPServer {
    constructor(options: SMTPServerOptions);
    listen(port: number, host: string, callback: () => void): void;
    close(callback: () => void): void;
    server: { address(): { port: number } };
  }
}
