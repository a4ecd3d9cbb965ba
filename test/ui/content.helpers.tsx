/** Fixtures of the content page tests: articles, help, questions, brands, pages, and a 404. */
import { ApiError } from '../../src/api/errors.ts';
import type { Brand, HelpAnswer, HelpTopic, ListPageInfo, Page, QuestionThread, QuestionTopic } from '../../src/api/types.ts';
import type { Article } from '../../src/domain/entities.ts';

export function article(id: number, overrides: Partial<Article> = {}): Article {
  return {
    id,
    title: `Article ${id}`,
    handle: `article-${id}`,
    imageUrl: `/media/content/article-${id}-800.svg`,
    author: 'Priya Raman',
    createdAt: '2025-05-07T08:57:50.000Z',
    seoDescription: `Summary of article ${id}.`,
    tags: ['Filters', 'Pro Tips'],
    ...overrides,
  };
}

export function listInfo(total: number, limit: number, count = Math.min(total, limit)): ListPageInfo {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { limitPerPage: limit, totalObjects: total, totalPages: pages, pages, count };
}

/** The rejection of a call the server answered 404. */
export function notFoundError(what = 'Page'): ApiError {
  return new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 404, serverMessage: `${what} not found.` });
}

export const helpTopics: HelpTopic[] = [
  {
    id: 1,
    handle: 'orders-and-shipping',
    title: 'Orders and Shipping',
    answers: [
      { id: 1, handle: 'how-long-does-shipping-take', title: 'How long does shipping take?' },
      { id: 2, handle: 'how-do-i-track-my-order', title: 'How do I track my order?' },
    ],
  },
  { id: 2, handle: 'returns', title: 'Returns and Warranty', answers: [{ id: 7, handle: 'what-is-your-return-policy', title: 'What is your return policy?' }] },
];

export const helpAnswer: HelpAnswer = {
  id: 1,
  handle: 'how-long-does-shipping-take',
  title: 'How long does shipping take?',
  bodyHtml: '<p>Most in-stock orders leave our warehouse within one business day.</p>',
  topic: { id: 1, handle: 'orders-and-shipping', title: 'Orders and Shipping' },
};

export const questionTopic: QuestionTopic = { id: 1, handle: 'pumps-and-motors', title: 'Pumps and Motors', description: 'Priming, noise, seals.', threadCount: 1 };

export const thread: QuestionThread = {
  id: 1,
  displayableId: '104237',
  handle: 'which-shaft-seal',
  title: 'Which shaft seal fits the WhisperFlo 1.5 HP?',
  author: 'Tanya D.',
  createdAt: '2024-11-02T18:41:03.000Z',
  answerCount: 2,
  body: 'Water is dripping between the pump and motor. <b>What seal?</b>',
  topic: { id: 1, handle: 'pumps-and-motors', title: 'Pumps and Motors' },
  answers: [
    { id: 1, author: 'Ken N.', isStaff: true, body: 'Search for the go-kit.', createdAt: '2024-11-04T10:00:00.000Z' },
    { id: 2, author: 'Tanya D.', isStaff: false, body: 'Thanks!', createdAt: '2024-11-05T10:00:00.000Z' },
  ],
};

export const brand: Brand = { id: 1, name: 'AquaCrest', handle: 'aquacrest', description: 'Durable replacement parts.', logoUrl: '/media/content/brand-aquacrest-400.svg' };

export const expertPage: Page = {
  id: 355,
  handle: 'expert-assistance',
  title: 'Request Expert Assistance',
  bodyHtml: "<h2>Can't find your part?</h2><p>Send us what you know.</p>",
  seoTitle: 'Request Expert Assistance | Skimmer',
  seoDescription: 'Our parts specialists will identify it.',
  path: '/expert-assistance/355.htm',
};

/** The canonical link's path, or null. */
export function canonicalPath(): string | null {
  const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  return link ? new URL(link.href).pathname + new URL(link.href).search : null;
}
