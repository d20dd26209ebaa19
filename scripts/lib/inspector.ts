/**
 * The inspector of a server started with `--inspect=127.0.0.1:<port>` (the measuring scripts:
 * profile, soak), over its WebSocket with Node's own client: one command at a time.
 */
export interface Inspector {
  send(method: string, params?: object): Promise<unknown>;
  /** The value of an expression evaluated in the server (JSON-serialisable). */
  evaluate<T>(expression: string): Promise<T>;
  close(): void;
}

export async function connectInspector(port: number): Promise<Inspector> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error(`No inspector target on port ${port}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  };
  const send = (method: string, params?: object): Promise<unknown> => {
    const id = ++next;
    socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve) => waiting.set(id, resolve));
  };
  return {
    send,
    async evaluate<T>(expression: string) {
      const { result } = (await send("Runtime.evaluate", {
        expression,
        returnByValue: true,
      })) as { result: { value: T } };
      return result.value;
    },
    close: () => socket.close(),
  };
}
