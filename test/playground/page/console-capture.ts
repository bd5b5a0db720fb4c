// Records what the page logs (the plugin's sandbox code runs in this window, so its console is
// this console) and shows it in the Console panel; the browser's console still gets everything.

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error';

export interface ConsoleLine {
  level: ConsoleLevel;
  text: string;
}

const MAX_LINES = 500;

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export interface ConsoleCapture {
  lines(): readonly ConsoleLine[];
  add(level: ConsoleLevel, text: string): void;
}

export function captureConsole(target: Console, list: HTMLElement): ConsoleCapture {
  const lines: ConsoleLine[] = [];

  function add(level: ConsoleLevel, text: string): void {
    lines.push({ level, text });
    if (lines.length > MAX_LINES) lines.shift();
    const item = document.createElement('li');
    item.dataset.level = level;
    item.textContent = text;
    list.append(item);
    while (list.childElementCount > MAX_LINES) list.firstElementChild?.remove();
    list.scrollTop = list.scrollHeight;
  }

  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const original = target[level].bind(target);
    target[level] = (...args: unknown[]) => {
      add(level, args.map(describe).join(' '));
      original(...args);
    };
  }
  return { lines: () => lines, add };
}
