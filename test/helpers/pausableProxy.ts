import net, { type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a database server that a test can pause: paused, it accepts
 * connections but holds every byte either way, as a frozen server (SIGSTOP) or a dead network
 * path would. Resumed, it delivers what it held, in order, and forwards again.
 */
export class PausableProxy {
  private paused = false;
  private held: Array<() => void> = [];
  private readonly sockets = new Set<Socket>();
  private readonly server = net.createServer((client) => this.accept(client));

  private constructor(private readonly host: string, private readonly targetPort: number) {}

  /** A proxy on a free local port, forwarding to `host:port`. */
  static async start(host: string, port: number): Promise<PausableProxy> {
    const proxy = new PausableProxy(host, port);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const deliver of this.held.splice(0)) deliver();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: Socket): void {
    const upstream = net.connect(this.targetPort, this.host);
    for (const [from, to] of [[client, upstream], [upstream, client]]) {
      this.sockets.add(from);
      from.on('data', (chunk) => (this.paused ? this.held.push(() => to.write(chunk)) : to.write(chunk)));
      from.on('error', () => from.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }
}
