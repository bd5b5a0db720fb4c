import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Screen } from '../../src/shared/bridge/messages';
import { focusLost } from '../components/focus-keeper';
import { NavBar } from './nav-bar';
import { ResizeHandle } from './resize-handle';
import { SCREENS, START_SCREEN_TITLE, type ScreenId } from './screens';

export interface AppShellProps {
  fileName: string;
  userName: string | null;
  screen: ScreenId;
  onScreen: (screen: Screen) => void;
  /** Asks for a new window size (`save` when the resize ends). */
  onResize: (width: number, height: number, save: boolean) => void;
  /** A count on a screen's tab (changes waiting on Sync); none when 0. */
  badges?: Partial<Record<Screen, number>>;
  /** The shell replaces a control that had the focus (the boot error's Try again): its title takes the focus on opening. */
  replacesFocus?: boolean;
  children: ComponentChildren;
}

export function AppShell({ fileName, userName, screen, onScreen, onResize, badges, replacesFocus = false, children }: AppShellProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // A button that opened another screen (the welcome screen's, say) is gone with its screen, or
  // hidden with it (Sync's "Open Settings": Sync is kept, hidden): focus moves to the new
  // screen's title instead of being lost to the page.
  // Not on opening (the plugin window must not take the focus from Figma's canvas by itself),
  // unless the shell itself replaced the focused control.
  const shownScreen = useRef<ScreenId | null>(replacesFocus ? null : screen);
  // In the commit that shows the screen: no frame passes with the focus lost to the page.
  useLayoutEffect(() => {
    if (shownScreen.current === screen) return;
    shownScreen.current = screen;
    if (focusLost()) titleRef.current?.focus();
  }, [screen]);
  const label = screen === 'start' ? START_SCREEN_TITLE : (SCREENS.find((entry) => entry.id === screen)?.label ?? screen);
  return (
    <div class="shell">
      <header class="shell-header">
        <p class="shell-file" data-testid="shell-file" title={fileName}>
          {fileName}
          {userName ? ` · ${userName}` : ''}
        </p>
        <NavBar current={screen} onSelect={onScreen} badges={badges} />
      </header>
      <main class="shell-main" aria-labelledby="screen-title">
        <div class="screen">
          <h1 id="screen-title" tabIndex={-1} ref={titleRef}>
            {label}
          </h1>
          {children}
        </div>
      </main>
      <ResizeHandle onResize={onResize} />
    </div>
  );
}
