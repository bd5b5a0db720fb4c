// The email itself: its full-length screenshot, or its HTML in a sandboxed frame (no scripts, no
// same origin, the preview's CSP), at desktop or phone width.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { EmailDetail } from '../../../src/shared/api/library/schemas';
import { Button } from '../../components/button';
import { originsOf } from './preview-policy';
import { safeEmailDocument } from './safe-email-html';
import { subjectOf } from '../email-subject';
import { useFailedUntilOnline } from '../use-failed-until-online';

const WIDTHS = { desktop: 640, mobile: 375 } as const;

/** Screenshot or HTML, and the HTML's width: kept by the detail, so Previous and Next keep them. */
export interface PreviewView {
  mode: 'screenshot' | 'html';
  width: keyof typeof WIDTHS;
}

export const FIRST_VIEW: PreviewView = { mode: 'screenshot', width: 'desktop' };

const WHY_NO_HTML: Record<'key_required' | 'not_available', string> = {
  key_required: 'The HTML of an email is shown with a library key. Add yours in Settings to see it; the screenshot is here without one.',
  not_available: 'The library has no HTML for this email, only its screenshot.',
};

export interface EmailPreviewProps {
  email: EmailDetail;
  libraryUrl: string;
  view: PreviewView;
  onView: (view: PreviewView) => void;
  /** Settings, on the library's key (the way to the HTML, as Me and Requests offer). */
  onOpenSettings: () => void;
  /** The screenshot did not load (the detail asks whether the email is gone). */
  onScreenshotFailed?: () => void;
}

export function EmailPreview({ email, libraryUrl, view, onView, onOpenSettings, onScreenshotFailed }: EmailPreviewProps) {
  // A screenshot that failed (missing, not an image) is said in words, not left a broken image;
  // one lost with the connection is asked for again once it is back, as the grid's thumbnails are.
  const [broken, setBroken] = useFailedUntilOnline(email.preview_url, true);
  const html = email.html_status === 'ok' && email.html !== null ? email.html : null;
  // HTML chosen on an earlier email shows this one's screenshot when it has none.
  const mode = html === null ? 'screenshot' : view.mode;
  const width = view.width;
  const setMode = (next: PreviewView['mode']) => onView({ ...view, mode: next });
  const setWidth = (next: PreviewView['width']) => onView({ ...view, width: next });
  const frame = useRef<HTMLIFrameElement>(null);
  // The room the preview has: an email wider than it (desktop, 640 px, in a 400 px window) is
  // shown whole, zoomed out, and still laid out at its own width (its media queries see 640).
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const observer = new ResizeObserver(() => setRoom(box.current?.clientWidth ?? 0));
    observer.observe(box.current!);
    return () => observer.disconnect();
  }, []);
  const zoom = room > 0 ? Math.min(1, room / WIDTHS[width]) : 1;
  // Tab into the frame focuses its document: the frame itself then matches no :focus, and
  // gets no focus event, so its ring is set here once the focus has moved, on the unzoomed
  // box around it (on the frame, a zoomed 2 px ring drew about 1 px).
  useEffect(() => {
    const mark = () => setTimeout(() => frame.current?.parentElement?.toggleAttribute('data-focused', document.activeElement === frame.current));
    document.addEventListener('focusout', mark);
    document.addEventListener('focusin', mark);
    return () => {
      document.removeEventListener('focusout', mark);
      document.removeEventListener('focusin', mark);
    };
  }, []);
  const srcdoc = useMemo(() => (html === null ? '' : safeEmailDocument(html, originsOf([libraryUrl, email.preview_url, email.thumbnail_url]))), [html, libraryUrl, email.preview_url, email.thumbnail_url]);
  return (
    <div class="email-preview" ref={box}>
      <div class="email-preview-controls">
        <div role="group" aria-label="Show" class="segmented">
          <button type="button" aria-pressed={mode === 'screenshot'} onClick={() => setMode('screenshot')}>
            Screenshot
          </button>
          <button type="button" aria-pressed={mode === 'html'} disabled={html === null} onClick={() => setMode('html')}>
            HTML
          </button>
        </div>
        {mode === 'html' && html !== null ? (
          <div role="group" aria-label="Width" class="segmented">
            {(['desktop', 'mobile'] as const).map((option) => (
              <button key={option} type="button" aria-pressed={width === option} onClick={() => setWidth(option)}>
                {option === 'desktop' ? 'Desktop' : 'Phone'}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {html === null && email.html_status !== 'ok' ? (
        <p class="notice notice-info" data-testid="html-status">
          {WHY_NO_HTML[email.html_status]}
          {email.html_status === 'key_required' ? (
            <>
              {' '}
              <Button onClick={onOpenSettings}>Open Settings</Button>
            </>
          ) : null}
        </p>
      ) : null}
      {mode === 'html' && html !== null ? (
        <div class="email-html-box">
          <iframe
            ref={frame}
            class="email-html"
            title={`HTML of “${subjectOf(email)}”`}
            sandbox=""
            referrerpolicy="no-referrer"
            srcdoc={srcdoc}
            style={{ width: `${WIDTHS[width]}px`, height: `${70 / zoom}vh`, zoom }}
            data-testid="email-html"
          />
        </div>
      ) : broken ? (
        <p class="notice notice-info" data-testid="screenshot-problem">
          The library’s screenshot of this email could not be shown.
        </p>
      ) : (
        // Not draggable: a drag would copy the screenshot out of the plugin (the usage terms forbid it), or onto the canvas with no caption.
        <img
          class="email-screenshot"
          src={email.preview_url}
          alt={`Screenshot of the email “${subjectOf(email)}”`}
          draggable={false}
          onError={() => {
            setBroken();
            onScreenshotFailed?.();
          }}
        />
      )}
    </div>
  );
}
