// `?references=12,34`: reference frames for those library emails on the document's first two
// pages, built before the plugin starts (a fixture, as if placed earlier). Each record takes the
// brand and subject from the emulator's answer; without one it says only the id.
import type { EmailDetail } from '../../../src/shared/api/library/schemas';
import type { FakeFigma } from '../../fake-figma/index';
import { addReferenceFramesAsync, placeholderReference, type ReferenceFixture } from '../../fixtures/reference-frames';
import type { EmulatorUrls } from '../page-config';

/** The ids in the flag (an id twice: two frames): whole positive numbers, at most 50; anything else is ignored. */
export function parseReferenceIds(value: string | null): number[] {
  if (value === null) return [];
  const ids = value.split(',').map((part) => Number(part.trim())).filter((id) => Number.isInteger(id) && id > 0);
  return ids.slice(0, 50);
}

async function referenceOfAsync(id: number, emulator: EmulatorUrls | null, fetchFn: typeof fetch): Promise<ReferenceFixture> {
  if (emulator === null) return placeholderReference(id);
  try {
    const response = await fetchFn(`${emulator.libraryUrl}/v1/emails/${id}`);
    if (!response.ok) return placeholderReference(id);
    const { data } = (await response.json()) as { data: Pick<EmailDetail, 'brand' | 'subject_line' | 'captured_date'> & { mailvault_url: string } };
    return { emailId: id, brandSlug: data.brand.slug, brandName: data.brand.name, subject: data.subject_line, url: data.mailvault_url, capturedDate: data.captured_date };
  } catch {
    return placeholderReference(id);
  }
}

export async function addReferenceFixtureAsync(fake: FakeFigma, ids: readonly number[], emulator: EmulatorUrls | null, fetchFn: typeof fetch): Promise<void> {
  if (ids.length === 0) return;
  const references = await Promise.all(ids.map((id) => referenceOfAsync(id, emulator, fetchFn)));
  await addReferenceFramesAsync(fake.figma, references, fake.inspect.root.children.slice(0, 2));
}
