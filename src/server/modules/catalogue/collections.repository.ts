/**
 * The collections aggregate: the category tree, read once into memory (a store has hundreds of
 * collections, not millions) so breadcrumbs, hierarchies, child counts and the ancestor sets of
 * the search index cost no query. Call `reload()` after writing collections.
 * @module
 */
import type { Collection, CollectionCrumb, HierarchyEntry } from '../../../domain/entities.ts';
import { pageOffset } from '../../../domain/pagination.ts';
import type { Db } from '../../platform/db/database.ts';
import { sanitizeDescription } from '../../platform/http/html.ts';
import { documentWords, matchKind, suggestionRules } from '../search/words.ts';

interface CollectionRow {
  id: number;
  handle: string;
  title: string;
  parent_id: number | null;
  level: number;
  position: number;
  seo_title: string | null;
  seo_description: string | null;
  is_indexed: number;
  description_html: string | null;
  image_url: string | null;
}

/** A collection as the tree keeps it. */
export interface CollectionNode {
  id: number;
  handle: string;
  title: string;
  parentId: number | null;
  position: number;
  row: CollectionRow;
  children: CollectionNode[];
}

/** A collection search answer entry (GET /api/collections). */
export interface CollectionSuggestion {
  id: number;
  title: string;
  handle: string;
  seoDescription: string | null;
  imageUrl: string | null;
  /** Passed through from the query so a suggestion link can carry the price filter. */
  minPrice?: number;
  maxPrice?: number;
}

const byTitle = (a: CollectionNode, b: CollectionNode): number =>
  a.title.localeCompare(b.title, 'en', { sensitivity: 'base', numeric: true }) || a.id - b.id;

/** The collection tree with the lookups the routes need. */
export class CollectionTree {
  private byId = new Map<number, CollectionNode>();
  private byHandle = new Map<string, CollectionNode>();
  private roots: CollectionNode[] = [];

  /** An empty tree: `load(db)` answers one filled in. */
  constructor(private readonly db: Db) {}

  /** The tree read from the database. */
  static async load(db: Db): Promise<CollectionTree> {
    const tree = new CollectionTree(db);
    await tree.reload();
    return tree;
  }

  /** Re-reads the tree; call after collections are written. */
  async reload(): Promise<void> {
    const rows = await this.db.all<CollectionRow>(
      `SELECT id, handle, title, parent_id, level, position, seo_title, seo_description, is_indexed, description_html, image_url
       FROM collections ORDER BY position, id`,
    );
    this.byId = new Map();
    this.byHandle = new Map();
    this.roots = [];
    for (const row of rows) {
      const node: CollectionNode = { id: row.id, handle: row.handle, title: row.title, parentId: row.parent_id, position: row.position, row, children: [] };
      this.byId.set(row.id, node);
      this.byHandle.set(row.handle.toLowerCase(), node);
    }
    for (const node of this.byId.values()) {
      const parent = node.parentId === null ? undefined : this.byId.get(node.parentId);
      if (parent) parent.children.push(node);
      else this.roots.push(node);
    }
  }

  /** Number of collections. */
  get size(): number {
    return this.byId.size;
  }

  /** A node by id, or undefined. */
  node(id: number): CollectionNode | undefined {
    return this.byId.get(id);
  }

  /** A node by handle (handles are compared ignoring case), or undefined. */
  nodeByHandle(handle: string): CollectionNode | undefined {
    return this.byHandle.get(handle.toLowerCase());
  }

  /** The node and its ancestors, top first. A cycle in bad data stops at the first repeat. */
  path(id: number): CollectionNode[] {
    const out: CollectionNode[] = [];
    const seen = new Set<number>();
    let cur = this.byId.get(id);
    while (cur && !seen.has(cur.id)) {
      seen.add(cur.id);
      out.unshift(cur);
      cur = cur.parentId === null ? undefined : this.byId.get(cur.parentId);
    }
    return out;
  }

  /** Ids of a collection and every ancestor (what a product in it also belongs to for search). */
  withAncestors(id: number): number[] {
    return this.path(id).map((n) => n.id);
  }

  /**
   * The collection entity as the API answers it. Choice: `breadcrumbs` runs from the top-level
   * collection down to and including this one (title, handle), so the storefront can print
   * Home > each crumb; the description is sanitised.
   */
  collection(node: CollectionNode): Collection {
    const r = node.row;
    const breadcrumbs: CollectionCrumb[] = this.path(node.id).map((n) => ({ title: n.title, handle: n.handle }));
    return {
      id: r.id,
      handle: r.handle,
      title: r.title,
      seoTitle: r.seo_title,
      seoDescription: r.seo_description,
      isIndexed: r.is_indexed === 1,
      imageUrl: r.image_url,
      descriptionHtml: sanitizeDescription(r.description_html),
      breadcrumbs,
      childCollectionsCount: node.children.length,
    };
  }

  /**
   * The downward hierarchy of a collection: the collection itself at LEVEL 1, its children at
   * LEVEL 2 (the storefront's child categories), grandchildren at 3 and so on, depth first with
   * siblings by title.
   */
  hierarchy(id: number): HierarchyEntry[] {
    const root = this.byId.get(id);
    if (!root) return [];
    const out: HierarchyEntry[] = [];
    const seen = new Set<number>();
    const visit = (n: CollectionNode, level: number): void => {
      if (seen.has(n.id)) return;
      seen.add(n.id);
      out.push({ id: n.id, title: n.title, handle: n.handle, LEVEL: level });
      for (const c of [...n.children].sort(byTitle)) visit(c, level + 1);
    };
    visit(root, 1);
    return out;
  }

  /**
   * The upward hierarchy: the top-level ancestor at LEVEL 1 down to the collection itself, the
   * breadcrumb trail of a product page.
   */
  upperHierarchy(id: number): HierarchyEntry[] {
    return this.path(id).map((n, i) => ({ id: n.id, title: n.title, handle: n.handle, LEVEL: i + 1 }));
  }

  /** Every collection id of the subtree under `id`, itself included. */
  subtreeIds(id: number): number[] {
    return this.hierarchy(id).map((e) => e.id);
  }

  /**
   * Collections whose title holds every word of `q` (case- and accent-insensitive, each word
   * matching a title word as product search matches it, or as its prefix; stop words dropped:
   * suggestionRules), optionally within the subtree of `c`; titles starting with the first word
   * first, then top level first, then by title. No q lists every collection (paged).
   */
  search(query: { q?: string; c?: number; limit: number; page: number; minPrice?: number; maxPrice?: number }): CollectionSuggestion[] {
    // the product search's word rules (forms, typos, joined words), every word also a prefix
    const rules = suggestionRules(query.q ?? '');
    const within = query.c === undefined ? null : new Set(this.subtreeIds(query.c));
    const matches: { node: CollectionNode; level: number; head: number }[] = [];
    for (const node of this.byId.values()) {
      if (within && !within.has(node.id)) continue;
      const titleWords = documentWords(node.title);
      if (!rules.every((r) => titleWords.some((t) => matchKind(r, t) > 0))) continue;
      // a title that starts with the first word ranks before one that merely contains it
      const head = rules.length > 0 && titleWords.length > 0 && matchKind(rules[0]!, titleWords[0]!) > 0 ? 0 : 1;
      matches.push({ node, level: this.path(node.id).length, head });
    }
    matches.sort((a, b) => a.head - b.head || a.level - b.level || byTitle(a.node, b.node));
    const start = pageOffset(query.page, query.limit);
    return matches.slice(start, start + query.limit).map(({ node }) => {
      const out: CollectionSuggestion = {
        id: node.id,
        title: node.title,
        handle: node.handle,
        seoDescription: node.row.seo_description,
        imageUrl: node.row.image_url,
      };
      if (query.minPrice !== undefined) out.minPrice = query.minPrice;
      if (query.maxPrice !== undefined) out.maxPrice = query.maxPrice;
      return out;
    });
  }
}
