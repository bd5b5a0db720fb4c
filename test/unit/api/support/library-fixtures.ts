// Realistic library API responses, built from docs/api/library-api.md (fresh objects on every call).

/** An address as typed in Settings (the built-in stand-in is never sent to). */
export const LIBRARY_BASE = 'https://library.acme.example';
export const LIBRARY_KEY = 'lib_live_A1b2C3d4E5f6G7h8';

const attribution = { source: 'Mail Vault', url: 'https://mailvault.example' };

function summary(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `Autumn sale ${id}`,
    brand_slug: 'northwind',
    preview_url: `https://images.mailvault.example/previews/${id}.png`,
    url: `https://mailvault.example/emails/${id}`,
    captured_date: '2026-11-20',
    ...extra,
  };
}

export function searchedEmail(id: number) {
  return summary(id, {
    subject_line: 'Up to 40% off outerwear 🍂',
    from_email: 'hello@northwind.example',
    brand: 'Northwind',
    thumbnail_url: `https://images.mailvault.example/thumbs/${id}.png`,
    sent_date: 'Thu, 20 Nov 2026 14:05:00 +0000',
  });
}

export function searchEmailsBody(ids: number[] = [101, 102], page = 1, perPage = 20) {
  return {
    data: ids.map(searchedEmail),
    meta: { page, per_page: perPage, count: ids.length, query: { q: 'sale', brand: null, category: null }, attribution },
  };
}

export function emailDetailBody(overrides: Record<string, unknown> = {}) {
  return {
    data: {
      id: 101,
      title: 'Autumn sale 101',
      subject_line: 'Up to 40% off outerwear 🍂',
      from_email: 'hello@northwind.example',
      brand: { name: 'Northwind', slug: 'northwind', url: 'https://mailvault.example/brands/northwind' },
      thumbnail_url: 'https://images.mailvault.example/thumbs/101.png',
      preview_url: 'https://images.mailvault.example/previews/101.png',
      categories: [{ slug: 'apparel', name: 'Apparel' }],
      journey_stages: [{ stage: 'Promotional', stage_slug: 'promotional' }],
      captured_date: '2026-11-20',
      sent_date: 'Thu, 20 Nov 2026 14:05:00 +0000',
      service_url: 'https://mailvault.example/emails/101',
      html: '<html><body><h1>Sale</h1></body></html>',
      html_status: 'ok',
      ...overrides,
    },
    meta: { attribution },
  };
}

function brand(slug: string, extra: Record<string, unknown> = {}) {
  return {
    name: slug[0]?.toUpperCase() + slug.slice(1),
    slug,
    description: `${slug} makes things.`,
    email_count: 240,
    url: `https://mailvault.example/brands/${slug}`,
    ...extra,
  };
}

export function listBrandsBody() {
  return { data: [brand('northwind'), brand('contoso')], meta: { page: 1, per_page: 20, count: 2, attribution } };
}

export function getBrandBody() {
  return {
    data: {
      brand: { name: 'Northwind', slug: 'northwind', email_count: 240, url: 'https://mailvault.example/brands/northwind' },
      emails: [summary(101), summary(102, { subject_line: 'New in' })],
    },
    meta: { page: 1, per_page: 20, count: 2, attribution },
  };
}

export function insightsBody() {
  return {
    data: {
      brand: { slug: 'northwind', name: 'Northwind', url: 'https://mailvault.example/brands/northwind' },
      frequency: { total_sent: 240, avg_per_week: 3.5, first_send: '2024-01-04 09:00:00', last_send: '2026-11-20 14:05:00' },
      technology: {
        esp_breakdown: [{ name: 'Klaviyo', count: '180' }, { name: 'Braze', count: '60' }],
        responsive_pct: 98.5,
        amp_pct: 0,
        dark_mode_pct: 41.2,
        outlook_opt_pct: 77,
      },
      subject_line: { avg_length: 42.3, contains_emoji_pct: 18.1, top_words: [{ word: 'sale', count: 31 }] },
      send_patterns: { by_day_of_week: { Mon: 30, Tue: 41, Wed: 38 }, by_hour: { '9': 20, '14': 55 } },
      content: { avg_word_count: 180, avg_image_count: 9.2, animated_gif_pct: 12 },
      deliverability: { spf_pass_pct: 100, dkim_pass_pct: 99.6, dmarc_pass_pct: 97 },
      senders: [{ from_email: 'hello@northwind.example', count: '230' }],
      dashboard_url: 'https://mailvault.example/brands/northwind/dashboard',
    },
    meta: { attribution },
  };
}

export function listJourneysBody() {
  return {
    data: [{ brand: 'northwind', brand_slug: 'northwind', email_count: 14, url: 'https://mailvault.example/journeys/northwind' }],
    meta: { page: 1, per_page: 30, count: 1, attribution },
  };
}

export function journeyBody() {
  return {
    data: {
      brand: 'northwind',
      brand_slug: 'northwind',
      url: 'https://mailvault.example/journeys/northwind',
      stages: [
        { stage: 'Welcome', stage_slug: 'welcome', email_count: 3, emails: [summary(11), summary(12)] },
        { stage: 'Abandoned cart', stage_slug: 'abandoned-cart', email_count: 2, emails: [summary(21)] },
      ],
    },
    meta: { attribution },
  };
}

export function listFollowsBody() {
  return {
    data: [brand('northwind', { logo_url: 'https://images.mailvault.example/logos/northwind.png' })],
    meta: { count: 1, total: 1, max: 50, attribution },
  };
}

export function followedEmailsBody() {
  return {
    data: [summary(301, { brand: 'Northwind', subject_line: 'Just dropped' })],
    meta: { page: 1, per_page: 20, count: 1, since: '2026-11-01 00:00:00', following: 3, attribution },
  };
}

export function likesBody() {
  return { data: [summary(401)], meta: { page: 1, per_page: 20, count: 1, total: 9, attribution } };
}

function collection() {
  return { id: 'col_8f2a', name: 'Black Friday ideas', description: '', url: 'https://mailvault.example/collections/col_8f2a', email_count: 2 };
}

export function listCollectionsBody() {
  return { data: [collection()], meta: { count: 1, attribution } };
}

export function getCollectionBody() {
  return { data: { collection: collection(), emails: [summary(501), summary(502)] }, meta: { page: 1, per_page: 20, count: 2, total: 2, attribution } };
}

export function brandRequestBody(status = 'queued', overrides: Record<string, unknown> = {}) {
  return {
    data: {
      brand: 'Fabrikam',
      domain: 'fabrikam.example',
      category: 'Home',
      status,
      message: 'Queued: we will subscribe at the next processing run.',
      library_brand: null,
      requested_at: '2026-11-22T01:02:03.456Z',
      requests_today: 3,
      daily_limit: 50,
      ...overrides,
    },
    meta: { attribution },
  };
}

export function listBrandRequestsBody() {
  return {
    data: [
      {
        brand: 'Fabrikam',
        domain: 'fabrikam.example',
        category: 'Home',
        status: 'first_email_captured',
        message: 'First email captured.',
        library_brand: { name: 'Fabrikam', slug: 'fabrikam', url: 'https://mailvault.example/brands/fabrikam' },
        library_url: 'https://mailvault.example/brands/fabrikam',
        requested_at: '2026-11-20T08:00:00.000Z',
      },
      {
        brand: 'Tailspin',
        domain: 'tailspin.example',
        category: 'Travel',
        status: 'queued',
        message: 'Queued.',
        library_url: null,
        requested_at: '2026-11-22T00:30:00.000Z',
      },
    ],
    meta: { count: 2, requests_today: 3, daily_limit: 50, attribution },
  };
}

export function libraryError(code: string, message: string) {
  return { error: { code, message } };
}
