/**
 * The content seed: blog, brands, help, questions, pages, site reviews, navigation, countries and
 * states, and configuration, written deterministically from a seed number.
 *
 * Run it after the catalogue seed: brands are taken from the catalogue's `vendors` and the
 * navigation from its top two collection levels when those tables hold rows; otherwise the seed
 * falls back to fictional vendors and a fixed category tree (collections named by handle only).
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import type { ThemeConfig } from '../../../domain/entities.ts';
import { ARTICLE_AUTHORS, ARTICLE_TOPICS, SHARED_PARAGRAPHS } from './copy-articles.ts';
import {
  BRAND_BLURBS,
  FALLBACK_VENDORS,
  FOLLOW_UPS,
  HELP_TOPICS,
  PEOPLE,
  QUESTION_TOPICS,
  REVIEW_MESSAGES,
  STAFF,
} from './copy-support.ts';
import { PAGES } from './copy-pages.ts';
import { defaultStoreConfig, defaultThemeConfig, EXPERT_ASSISTANCE_PAGE } from './config.ts';
import type { ServedStoreConfig } from './config.ts';
import { COUNTRIES, STATES } from './geo.ts';
import { escapeHtml } from './html.ts';
import { contentImageUrl } from './media.ts';
import { createRandom, slugify } from './random.ts';
import type { Random } from './random.ts';

/** Keys of the two configuration rows in `store_settings`. */
export const SETTING_KEYS = { store: 'storeConfig', theme: 'themeConfig' } as const;

/** Options of `seedContent`. */
export interface SeedContentOptions {
  /** Seed of the pseudo-random generator: the same seed writes the same content. */
  seed: number;
  /**
   * The moment content dates count back from. Fixed rather than the clock so a seed is
   * reproducible byte for byte.
   * @default '2025-06-01T12:00:00.000Z'
   */
  anchor?: string;
  /** How many threads the question forum gets. @default 60 */
  questionThreads?: number;
  /** How many site reviews. @default 36 */
  siteReviews?: number;
}

/** What the seed wrote, by kind. */
export interface SeedContentSummary {
  articles: number;
  brands: number;
  helpAnswers: number;
  questionTopics: number;
  questionThreads: number;
  pages: number;
  siteReviews: number;
  navLinks: number;
  countries: number;
  states: number;
  /** Where brands and navigation came from. */
  source: { brands: 'catalogue' | 'fallback'; navigation: 'catalogue' | 'fallback' };
}

/** Tables of this module, children first: the order to empty them in. */
export const CONTENT_TABLES: readonly string[] = [
  'article_tags', 'articles', 'brands', 'help_answers', 'help_topics', 'question_answers',
  'question_threads', 'question_topics', 'pages', 'site_reviews', 'nav_links', 'states', 'countries',
  'store_settings',
];

const DAY_MS = 86_400_000;

/** Fixed category tree used when the catalogue has no collections: [title, children]. */
export const FALLBACK_NAV_TREE: readonly (readonly [string, readonly string[]])[] = [
  ['Pumps', ['Variable Speed Pumps', 'Single Speed Pumps', 'Pump Motors', 'Pump Parts', 'Booster Pumps']],
  ['Filters', ['Sand Filters', 'Cartridge Filters', 'DE Filters', 'Filter Cartridges', 'Multiport Valves', 'Filter Media']],
  ['Heaters', ['Gas Heaters', 'Heat Pumps', 'Solar Heating', 'Heater Parts']],
  ['Cleaners', ['Robotic Cleaners', 'Suction Cleaners', 'Pressure Cleaners', 'Cleaner Parts']],
  ['Replacement Parts', ['O-Rings', 'Gaskets', 'Impellers', 'Shaft Seals', 'Motors', 'Capacitors', 'Baskets', 'Lids', 'Unions', 'Drain Plugs', 'Diffusers']],
  ['Salt Systems', ['Salt Chlorine Generators', 'Salt Cells', 'Salt System Parts']],
  ['Spa Parts', ['Spa Packs', 'Spa Heaters', 'Spa Jets', 'Spa Pumps', 'Spa Covers', 'Spa Filters']],
  ['Chemicals', ['Sanitizers', 'Balancers', 'Shock', 'Algaecides', 'Test Kits']],
  ['Lighting', ['LED Pool Lights', 'Spa Lights', 'Light Parts']],
  ['Automation', ['Control Systems', 'Valve Actuators', 'Sensors']],
];

/** Runs a probe query; a missing table (catalogue not migrated) reads as "no rows". */
async function probe<T>(db: Db, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  try {
    return await db.all<T>(sql, params);
  } catch {
    return [];
  }
}

/**
 * Brand rows from vendor names: names that differ only in case are one brand (the first kept),
 * and handles that collide after slugifying get a numeric suffix, so the unique keys of the
 * brands table hold whatever vendor names the catalogue has.
 * @example
 * uniqueBrands(['Aqua Core', 'AQUA CORE', 'Aqua-Core']);
 * // [{ name: 'Aqua Core', handle: 'aqua-core' }, { name: 'Aqua-Core', handle: 'aqua-core-2' }]
 */
export function uniqueBrands(names: readonly string[]): { name: string; handle: string }[] {
  const keys = new Set<string>();
  const handles = new Set<string>();
  const out: { name: string; handle: string }[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (name.trim() === '' || keys.has(key)) continue;
    keys.add(key);
    const base = slugify(name) || 'brand';
    let handle = base;
    for (let n = 2; handles.has(handle); n++) handle = `${base}-${n}`;
    handles.add(handle);
    out.push({ name, handle });
  }
  return out;
}

/** Up to `max` characters of `text`, cut at a word boundary, for SEO descriptions. */
export function excerpt(text: string, max = 155): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function isoDaysBefore(anchorMs: number, days: number, rng: Random): string {
  return new Date(anchorMs - days * DAY_MS - rng.int(0, 86_399) * 1000).toISOString();
}

function articleBody(rng: Random, topicIndex: number): string {
  const topic = ARTICLE_TOPICS[topicIndex];
  if (!topic) throw new RangeError(`no article topic ${topicIndex}`);
  const shared = rng.shuffle(SHARED_PARAGRAPHS).slice(0, rng.int(1, 3));
  const search = encodeURIComponent(topic.tags[0] ?? topic.title);
  return [
    `<p>${escapeHtml(topic.lead)}</p>`,
    `<h2>Step by step</h2>`,
    `<ol>${topic.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>`,
    ...shared.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<h2>Pro tip</h2>`,
    `<p>${escapeHtml(topic.tip)}</p>`,
    `<p>Need a part for this job? <a href="/searchresults.asp?q=${search}">Search our catalogue</a> by keyword or part number, or <a href="${EXPERT_ASSISTANCE_PAGE.path}">ask our parts specialists</a>.</p>`,
  ].join('\n');
}

interface NavRow {
  id: number;
  parentId: number | null;
  position: number;
  title: string;
  url: string;
  collectionHandle: string | null;
  maxChildItemsToDisplay: number | null;
  imageUrl: string | null;
}

async function buildNav(db: Db, collectionPath: string): Promise<{ rows: NavRow[]; source: 'catalogue' | 'fallback' }> {
  const collections = await probe<{ id: number; handle: string; title: string; parentId: number | null; imageUrl: string | null }>(
    db,
    'SELECT id, handle, title, parent_id AS "parentId", image_url AS "imageUrl" FROM collections ORDER BY position, title, id',
  );
  let tree: { title: string; handle: string; imageUrl: string | null; children: { title: string; handle: string; imageUrl: string | null }[] }[];
  let source: 'catalogue' | 'fallback';
  const tops = collections.filter((c) => c.parentId === null);
  if (tops.length > 0) {
    source = 'catalogue';
    tree = tops.map((t) => ({
      title: t.title,
      handle: t.handle,
      imageUrl: t.imageUrl,
      children: collections.filter((c) => c.parentId === t.id).map((c) => ({ title: c.title, handle: c.handle, imageUrl: c.imageUrl })),
    }));
  } else {
    source = 'fallback';
    tree = FALLBACK_NAV_TREE.map(([title, children]) => ({
      title,
      handle: slugify(title),
      imageUrl: contentImageUrl(`menu-${slugify(title)}`, 400),
      children: children.map((c) => ({ title: c, handle: slugify(c), imageUrl: contentImageUrl(`menu-${slugify(c)}`, 400) })),
    }));
  }
  // A few links override the dropdown cap of 8: the two largest categories, so both a larger
  // (12) and a smaller (6) cap appear in every store.
  const bySize = tree
    .map((t, i) => ({ i, n: t.children.length }))
    .sort((a, b) => b.n - a.n || a.i - b.i);
  const caps = new Map<number, number>();
  if (bySize[0] && bySize[0].n > 0) caps.set(bySize[0].i, 12);
  if (bySize[1] && bySize[1].n > 0) caps.set(bySize[1].i, 6);
  const rows: NavRow[] = [];
  let id = 1;
  tree.forEach((top, i) => {
    const topId = id++;
    rows.push({
      id: topId, parentId: null, position: i, title: top.title, url: `${collectionPath}/${top.handle}`,
      collectionHandle: top.handle, maxChildItemsToDisplay: caps.get(i) ?? null, imageUrl: top.imageUrl,
    });
    top.children.forEach((child, j) => {
      rows.push({
        id: id++, parentId: topId, position: j, title: child.title, url: `${collectionPath}/${child.handle}`,
        collectionHandle: child.handle, maxChildItemsToDisplay: null, imageUrl: child.imageUrl,
      });
    });
  });
  return { rows, source };
}

/**
 * Writes the store's content, replacing whatever content was there (one transaction: a failure
 * leaves the previous content intact). Deterministic: the same seed, anchor and catalogue give
 * identical rows.
 *
 * @example
 * const db = openSqlite(':memory:');
 * migrate(db);
 * seedCatalogue(db, { seed: 1 }); // optional, CORE's generator
 * seedContent(db, { seed: 1 });   // { articles: 41, brands: 12, ... }
 */
export async function seedContent(db: Db, options: SeedContentOptions): Promise<SeedContentSummary> {
  const rng = createRandom(options.seed);
  const anchorMs = Date.parse(options.anchor ?? '2025-06-01T12:00:00.000Z');
  if (!Number.isFinite(anchorMs)) throw new RangeError(`invalid anchor: ${options.anchor}`);
  const threadCount = options.questionThreads ?? 60;
  const reviewCount = options.siteReviews ?? 36;
  const store: ServedStoreConfig = defaultStoreConfig();
  const theme: ThemeConfig = defaultThemeConfig();
  // Probe the catalogue before the write transaction: on PostgreSQL a failed statement (a missing
  // table) aborts the transaction it runs in.
  const vendors = await probe<{ name: string }>(db, 'SELECT name FROM vendors ORDER BY name');
  const nav = await buildNav(db, store.collectionPath);

  return await db.transaction(async (tx) => {
    for (const table of CONTENT_TABLES) await tx.run(`DELETE FROM ${table}`);

    // Articles: newest first gets the highest id, like a blog that has been writing for years.
    const order = rng.shuffle(ARTICLE_TOPICS.map((_, i) => i));
    let daysBack = rng.int(1, 5);
    const articleDates: { topicIndex: number; createdAt: string }[] = [];
    for (const topicIndex of order) {
      articleDates.push({ topicIndex, createdAt: isoDaysBefore(anchorMs, daysBack, rng) });
      daysBack += rng.int(6, 24);
    }
    articleDates.reverse();
    const extraTags = ['DIY', 'Beginner', 'Pro Tips', 'Save Money'];
    for (const [i, { topicIndex, createdAt }] of articleDates.entries()) {
      const topic = ARTICLE_TOPICS[topicIndex];
      if (!topic) continue;
      const id = i + 1;
      const handle = slugify(topic.title);
      await tx.run(
        'INSERT INTO articles (id, handle, title, author, created_at, image_url, seo_description, body_html) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [id, handle, topic.title, rng.pick(ARTICLE_AUTHORS), createdAt, contentImageUrl(`article-${handle}`), excerpt(topic.lead), articleBody(rng, topicIndex)],
      );
      const tags = [...topic.tags];
      if (rng.chance(0.5)) {
        const extra = rng.pick(extraTags);
        if (!tags.includes(extra)) tags.push(extra);
      }
      for (const [position, tag] of tags.entries()) {
        await tx.run('INSERT INTO article_tags (article_id, position, tag, tag_key) VALUES (?, ?, ?, ?)', [id, position, tag, tag.toLowerCase()]);
      }
    }

    // Brands: the catalogue's vendors when it has them.
    const brandNames = uniqueBrands(vendors.length > 0 ? vendors.map((v) => v.name) : [...FALLBACK_VENDORS]);
    for (const [i, { name, handle }] of brandNames.entries()) {
      await tx.run('INSERT INTO brands (id, name, name_key, handle, description, logo_url) VALUES (?, ?, ?, ?, ?, ?)', [
        i + 1, name, name.toLowerCase(), handle,
        rng.pick(BRAND_BLURBS).replaceAll('{name}', name), contentImageUrl(`brand-${handle}`, 400),
      ]);
    }

    // Help centre.
    let helpAnswers = 0;
    for (const [i, topic] of HELP_TOPICS.entries()) {
      const topicId = i + 1;
      await tx.run('INSERT INTO help_topics (id, handle, title, position) VALUES (?, ?, ?, ?)', [topicId, slugify(topic.title), topic.title, i]);
      for (const [j, answer] of topic.answers.entries()) {
        helpAnswers += 1;
        await tx.run('INSERT INTO help_answers (id, topic_id, handle, title, body_html, position) VALUES (?, ?, ?, ?, ?, ?)', [
          helpAnswers, topicId, slugify(answer.title), answer.title,
          answer.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'), j,
        ]);
      }
    }

    // Questions and answers.
    for (const [i, topic] of QUESTION_TOPICS.entries()) {
      await tx.run('INSERT INTO question_topics (id, handle, title, description, position) VALUES (?, ?, ?, ?, ?)', [
        i + 1, slugify(topic.title), topic.title, topic.description, i,
      ]);
    }
    let displayable = 104_200 + rng.int(0, 99);
    let answerId = 0;
    for (let n = 0; n < threadCount; n++) {
      const topicIndex = n % QUESTION_TOPICS.length;
      const topic = QUESTION_TOPICS[topicIndex];
      if (!topic) continue;
      const template = rng.pick(topic.threads);
      const model = rng.pick(topic.models);
      const title = template.title.replaceAll('{model}', model);
      const asker = rng.pick(PEOPLE);
      const askedDays = rng.int(3, 720);
      const createdAt = isoDaysBefore(anchorMs, askedDays, rng);
      displayable += rng.int(3, 41);
      const threadId = n + 1;
      await tx.run(
        'INSERT INTO question_threads (id, topic_id, displayable_id, handle, title, body, author, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [threadId, topicIndex + 1, String(displayable), slugify(title), title, template.body.replaceAll('{model}', model), asker, createdAt],
      );
      const answers: { author: string; staff: boolean; body: string }[] = [
        { author: rng.pick(STAFF), staff: true, body: template.answer.replaceAll('{model}', model) },
      ];
      if (rng.chance(0.5)) answers.push({ author: asker, staff: false, body: rng.pick(FOLLOW_UPS) });
      for (const [position, a] of answers.entries()) {
        answerId += 1;
        const days = Math.max(0, askedDays - (position + 1) * rng.int(0, 2));
        await tx.run(
          'INSERT INTO question_answers (id, thread_id, position, author, is_staff, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [answerId, threadId, position, a.author, a.staff ? 1 : 0, a.body, isoDaysBefore(anchorMs, days, rng)],
        );
      }
    }

    // Generic pages.
    for (const page of PAGES) {
      await tx.run('INSERT INTO pages (id, handle, title, body_html, seo_title, seo_description, path) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        page.id, page.handle, page.title, page.bodyHtml, page.seoTitle, page.seoDescription, page.path,
      ]);
    }

    // Site reviews: mostly five stars, some with no message (the storefront shows its default).
    let reviewDays = rng.int(0, 3);
    for (let n = 0; n < reviewCount; n++) {
      const roll = rng.next();
      const stars = roll < 0.68 ? 5 : roll < 0.9 ? 4 : roll < 0.97 ? 3 : 2;
      const message = n % 5 === 3 || rng.chance(0.1) ? null : rng.pick(REVIEW_MESSAGES);
      const id = reviewCount - n;
      await tx.run('INSERT INTO site_reviews (id, url, message, name, stars, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        id, `https://reviews.example.com/skimmer-pool-spa/review/${7_310_000 + id * 17}`, message, rng.pick(PEOPLE), stars,
        isoDaysBefore(anchorMs, reviewDays, rng),
      ]);
      reviewDays += rng.int(1, 9);
    }

    // Navigation.
    for (const r of nav.rows) {
      await tx.run(
        'INSERT INTO nav_links (id, parent_id, position, title, url, collection_handle, max_child_items_to_display, image_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [r.id, r.parentId, r.position, r.title, r.url, r.collectionHandle, r.maxChildItemsToDisplay, r.imageUrl],
      );
    }

    // Countries and states.
    let states = 0;
    for (const [i, c] of COUNTRIES.entries()) {
      await tx.run('INSERT INTO countries (country_code, title, position) VALUES (?, ?, ?)', [c.countryCode, c.title, i]);
      for (const s of STATES[c.countryCode] ?? []) {
        states += 1;
        await tx.run('INSERT INTO states (country_code, state_code, title) VALUES (?, ?, ?)', [c.countryCode, s.stateCode, s.title]);
      }
    }

    // Configuration.
    await tx.run('INSERT INTO store_settings (setting_key, value_json) VALUES (?, ?)', [SETTING_KEYS.store, JSON.stringify(store)]);
    await tx.run('INSERT INTO store_settings (setting_key, value_json) VALUES (?, ?)', [SETTING_KEYS.theme, JSON.stringify(theme)]);

    return {
      articles: articleDates.length,
      brands: brandNames.length,
      helpAnswers,
      questionTopics: QUESTION_TOPICS.length,
      questionThreads: threadCount,
      pages: PAGES.length,
      siteReviews: reviewCount,
      navLinks: nav.rows.length,
      countries: COUNTRIES.length,
      states,
      source: { brands: vendors.length > 0 ? 'catalogue' : 'fallback', navigation: nav.source },
    };
  });
}

/** True when the content seed has run on this database (configuration rows exist). */
export async function isContentSeeded(db: Db): Promise<boolean> {
  return (
    (await probe<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM store_settings WHERE setting_key = ?', [SETTING_KEYS.store]))[0]?.n === 1
  );
}
