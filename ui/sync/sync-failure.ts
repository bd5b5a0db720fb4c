// A failure the Sync screen shows with its retry, and how a failed request's error is read.
import { openSettingsOn } from '../settings/settings-focus';

export interface Failure {
  /** 'start': the sync state could not be read (the next read clears it; other failures stay until their retry or a new check). */
  source?: 'start';
  message: string;
  retryLabel: string;
  retry: () => void;
  /** The retry is a check (Check again): when it ends, the keyboard goes back to Check again, not to Sync. */
  retryChecks?: boolean;
  /** The retry is the sync itself: it shows as the Sync button ("Sync 14 changes"), which hides below meanwhile, so the action is offered once. */
  retryRuns?: boolean;
  /** The row whose choice the retry saves again: the keyboard goes back to it (its row, or its choice in the open detail). */
  focusKey?: string;
  /**
   * The builder asked Envelope to slow down (rateLimitWait): the words say by when, and the retry
   * (with Check again and Sync, which ask the builder too) is held until this Date.now() time.
   */
  tryAgainAt?: number;
}

/** Ends a message with a full stop, so another sentence can follow it. */
export function asSentence(text: string): string {
  return /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

export function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

export function isCancelled(error: unknown): boolean {
  return errorCode(error) === 'cancelled';
}

/**
 * Settings' button for a failure Settings fixes, the same again being refused again: a refused
 * key (its key), or the builder's address still the built-in stand-in (its address); null for others.
 */
export function settingsRetry(error: unknown, openSettings: () => void): (() => void) | null {
  const code = errorCode(error);
  return code === 'address_missing' ? () => openSettingsOn('builder-address', openSettings) : code === 'unauthorized' ? openSettings : null;
}
