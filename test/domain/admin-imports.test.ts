import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  IMPORT_MAX_BYTES, IMPORT_MESSAGES, OPERATOR_FORM_KINDS, OPERATOR_MESSAGES, PICTURE_NAME, TOKEN_SCOPE_CHOICES, baseName, checkImportUpload, checkOperatorForm,
  formatOfFileName, importJobEnded, importPercent, importProgressText, importSummaryText, importsRoleCan, isOperatorFormKind, operatorRowActions,
  recentImportOf, rejectedRows, tokenScopesOf,
} from '../../src/domain/admin-imports.ts';
import { checkAdminForm } from '../../src/domain/admin-orders.ts';

const formatArb = fc.constantFrom('shopify', 'volusion', 'skimmer');
const fileArb = fc.record({ name: fc.constantFrom('a.csv', 'b.CSV', 'c.jsonl', 'd.ndjson', 'e.txt', 'noext'), size: fc.integer({ min: -1, max: IMPORT_MAX_BYTES + 1 }) });
const pictureNameArb = fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,20}$/);
const statusArb = fc.constantFrom('queued', 'running', 'done', 'failed');
const jobArb = fc.record({
  status: statusArb,
  rowsRead: fc.nat(1_000_000),
  bytesTotal: fc.nat(1_000_000_000),
  bytesRead: fc.nat(1_000_000_000),
});

describe('the upload check', () => {
  test('accepts a file of a format exactly when it is not empty, not too large and its extension does not contradict the format', () => {
    fc.assert(fc.property(formatArb, fileArb, fc.boolean(), (format, file, dryRun) => {
      const check = checkImportUpload({ format, file, dryRun });
      const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
      const contradicts = (format === 'skimmer' && ext === 'csv') || (format !== 'skimmer' && (ext === 'jsonl' || ext === 'ndjson'));
      const ok = file.size > 0 && file.size <= IMPORT_MAX_BYTES && !contradicts;
      expect(check.ok).toBe(ok);
      if (check.ok) expect(check.body).toEqual({ format, dryRun });
    }));
  });

  test.each([
    [{ format: '', file: { name: 'a.csv', size: 1 } }, IMPORT_MESSAGES.format],
    [{ format: 'shopify', file: null }, IMPORT_MESSAGES.file],
    [{ format: 'shopify', file: { name: 'a.csv', size: 0 } }, IMPORT_MESSAGES.empty],
    [{ format: 'shopify', file: { name: 'a.csv', size: IMPORT_MAX_BYTES + 1 } }, IMPORT_MESSAGES.tooLarge],
    [{ format: 'skimmer', file: { name: 'a.csv', size: 3 } }, IMPORT_MESSAGES.csvForSkimmer],
    [{ format: 'shopify', file: { name: 'a.jsonl', size: 3 } }, IMPORT_MESSAGES.jsonForCsv],
    [{ format: 'shopify', file: { name: 'a.csv', size: 3 }, categories: { name: 'c.csv', size: 3 } }, IMPORT_MESSAGES.categoriesNotVolusion],
    [{ format: 'shopify', file: { name: 'a.csv', size: 3 }, images: [{ name: 'bad name.jpg', size: 1 }] }, IMPORT_MESSAGES.pictureName('bad name.jpg')],
    [{ format: 'shopify', file: { name: 'a.csv', size: 3 }, images: [{ name: 'C:\\fakepath\\p.jpg', size: 1 }, { name: 'p.jpg', size: 1 }] }, IMPORT_MESSAGES.pictureTwice('p.jpg')],
  ])('refuses %j with its message', (facts, message) => {
    expect(checkImportUpload(facts)).toEqual({ ok: false, error: message });
  });

  test('a categories file goes with Volusion', () => {
    expect(checkImportUpload({ format: 'volusion', file: { name: 'p.csv', size: 9 }, categories: { name: 'c.csv', size: 9 } }).ok).toBe(true);
  });

  test('accepts any set of distinct picture names the server keeps, and refuses one named twice', () => {
    fc.assert(fc.property(fc.uniqueArray(pictureNameArb, { maxLength: 8 }), (names) => {
      const images = names.map((name) => ({ name, size: 10 }));
      expect(checkImportUpload({ format: 'shopify', file: { name: 'a.csv', size: 1 }, images }).ok).toBe(true);
      if (names.length > 0) expect(checkImportUpload({ format: 'shopify', file: { name: 'a.csv', size: 1 }, images: [...images, images[0]!] }).ok).toBe(false);
    }));
  });

  test('a picture name is judged by its last path part, as the server keeps it', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('dir', 'C:', 'x y'), { maxLength: 3 }), pictureNameArb, fc.constantFrom('/', '\\'), (dirs, name, sep) => {
      expect(baseName([...dirs, name].join(sep))).toBe(name);
      expect(PICTURE_NAME.test(baseName([...dirs, name].join(sep)))).toBe(true);
    }));
  });

  test('a .jsonl or .ndjson file says Skimmer; a CSV says nothing', () => {
    expect(formatOfFileName('x.JSONL')).toBe('skimmer');
    expect(formatOfFileName('x.ndjson')).toBe('skimmer');
    expect(formatOfFileName('x.csv')).toBeNull();
  });
});

describe('a job\'s progress', () => {
  test('is a whole percent between 0 and 100, 100 exactly when the job ended', () => {
    fc.assert(fc.property(jobArb, (job) => {
      const p = importPercent(job);
      expect(Number.isInteger(p)).toBe(true);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(100);
      expect(p === 100).toBe(importJobEnded(job.status));
    }));
  });

  test('never goes back as more bytes are read', () => {
    fc.assert(fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.integer({ min: 1, max: 1_000_000 }), (a, b, total) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      const at = (bytesRead: number) => importPercent({ status: 'running', rowsRead: 0, bytesRead, bytesTotal: total });
      expect(at(lo)).toBeLessThanOrEqual(at(hi));
    }));
  });

  test('says each state in words', () => {
    expect(importProgressText({ status: 'running', rowsRead: 1, bytesRead: 50, bytesTotal: 200 })).toBe('Importing: 1 row read (25%)…');
    expect(importProgressText({ status: 'done', rowsRead: 1200, bytesRead: 9, bytesTotal: 9 })).toBe('Finished: 1,200 rows read.');
    expect(importProgressText({ status: 'failed', rowsRead: 0, bytesRead: 0, bytesTotal: 9 })).toBe('The import failed: nothing was written.');
  });
});

describe('a report', () => {
  test('its summary names every total as reported', () => {
    fc.assert(fc.property(fc.record({ rows: fc.nat(9999), created: fc.nat(9999), updated: fc.nat(9999), unchanged: fc.nat(9999), rejected: fc.nat(9999) }), fc.boolean(), (totals, dryRun) => {
      const text = importSummaryText(totals, dryRun);
      for (const n of [totals.created, totals.updated, totals.unchanged, totals.rejected]) expect(text).toContain(String(n));
      expect(text.startsWith('Dry run')).toBe(dryRun);
    }));
  });

  test('its rejected rows are every rejected problem, by line, none lost', () => {
    const problemArb = fc.record({ kind: fc.constantFrom('rejected', 'warning'), line: fc.integer({ min: 1, max: 50 }), column: fc.constant(null), value: fc.constant(null), reason: fc.string() });
    fc.assert(fc.property(fc.array(problemArb, { maxLength: 30 }), (problems) => {
      const rows = rejectedRows(problems);
      expect(rows.length).toBe(problems.filter((p) => p.kind === 'rejected').length);
      expect(rows.every((p) => p.kind === 'rejected')).toBe(true);
      for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.line).toBeLessThanOrEqual(rows[i]!.line);
    }));
  });

  test('an audit entry of any shape reads as a recent import without throwing', () => {
    fc.assert(fc.property(fc.anything(), (after) => {
      const r = recentImportOf({ at: '2026-11-27T10:00:00.000Z', entityId: 'imp_1', after });
      expect(['done', 'failed', 'unknown']).toContain(r.status);
    }));
    expect(recentImportOf({ at: 'x', entityId: 'imp_2', after: { format: 'shopify', dryRun: false, status: 'done', totals: { rows: 3, created: 2, updated: 1, unchanged: 0, rejected: 0 } } }))
      .toEqual({ jobId: 'imp_2', at: 'x', format: 'shopify', dryRun: false, status: 'done', totals: { rows: 3, created: 2, updated: 1, unchanged: 0, rejected: 0 }, error: null });
  });
});

describe('roles', () => {
  test.each([
    ['owner', { imports: true, recentImports: true, operators: true }],
    ['staff', { imports: true, recentImports: false, operators: false }],
    ['fulfilment', { imports: false, recentImports: false, operators: false }],
  ] as const)('%s may use %j', (role, can) => {
    expect(importsRoleCan(role)).toEqual(can);
  });

  test('no operator may change, disable or remove themselves; another may be, as their state allows', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.boolean(), (id, self, disabled) => {
      const can = operatorRowActions({ id, disabled }, self);
      if (id === self) expect([can.changeRole, can.disable, can.enable, can.remove]).toEqual([false, false, false, false]);
      else {
        expect(can.disable).toBe(!disabled);
        expect(can.enable).toBe(disabled);
        expect(can.remove && can.changeRole).toBe(true);
      }
    }));
  });
});

describe('the operator and token forms', () => {
  test('an invite takes a trimmed email, a name and a role', () => {
    expect(checkOperatorForm('operatorInvite', { email: ' sam@shop.test ', name: ' Sam ', role: 'staff' })).toEqual({ ok: true, body: { email: 'sam@shop.test', name: 'Sam', role: 'staff' } });
    expect(checkOperatorForm('operatorInvite', { email: 'sam', name: 'Sam', role: 'staff' })).toEqual({ ok: false, error: OPERATOR_MESSAGES.email });
    // the store's one e-mail rule (domain/account.ts isEmailFormat): no empty label, nothing after a trailing dot
    expect(checkOperatorForm('operatorInvite', { email: 'pat@pool..com', name: 'Pat', role: 'staff' })).toEqual({ ok: false, error: OPERATOR_MESSAGES.email });
    expect(checkOperatorForm('operatorInvite', { email: 'pat@pool.', name: 'Pat', role: 'staff' })).toEqual({ ok: false, error: OPERATOR_MESSAGES.email });
    expect(checkOperatorForm('operatorInvite', { email: 'pat@pool.c', name: 'Pat', role: 'staff' })).toMatchObject({ ok: true });
    expect(checkOperatorForm('operatorInvite', { email: 'sam@shop.test', name: '  ', role: 'staff' })).toEqual({ ok: false, error: OPERATOR_MESSAGES.name });
    expect(checkOperatorForm('operatorInvite', { email: 'sam@shop.test', name: 'Sam', role: 'boss' })).toEqual({ ok: false, error: OPERATOR_MESSAGES.role });
  });

  test('a token\'s scopes are exactly the ticked ones, in the API\'s order, and at least one', () => {
    fc.assert(fc.property(fc.subarray([...TOKEN_SCOPE_CHOICES]), fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''), (ticked, name) => {
      const fields: Record<string, string> = { name };
      for (const s of TOKEN_SCOPE_CHOICES) fields[`scope.${s}`] = ticked.includes(s) ? 'yes' : 'no';
      expect(tokenScopesOf(fields)).toEqual(TOKEN_SCOPE_CHOICES.filter((s) => ticked.includes(s)));
      const check = checkOperatorForm('tokenCreate', fields);
      expect(check.ok).toBe(ticked.length > 0);
      if (!check.ok) expect(check.error).toBe(OPERATOR_MESSAGES.scopes);
    }));
  });

  test('a row form needs a positive id', () => {
    fc.assert(fc.property(fc.constantFrom('operatorRemove', 'operatorLink', 'tokenRevoke', 'operatorDisable') , fc.string(), (kind, text) => {
      const check = checkOperatorForm(kind, { id: text });
      expect(check.ok).toBe(/^[1-9]\d{0,14}$/.test(text));
    }));
  });

  test('the form machine\'s check sends every operator form kind to these checks', () => {
    for (const kind of OPERATOR_FORM_KINDS) {
      expect(isOperatorFormKind(kind)).toBe(true);
      expect(checkAdminForm(kind, {}, { lines: [], refundableCents: 0 })).toEqual(checkOperatorForm(kind, {}));
    }
    expect(isOperatorFormKind('discount')).toBe(false);
  });
});
