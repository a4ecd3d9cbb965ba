/**
 * The catalogue upload form: the format, the file (and Volusion's categories file), pictures the
 * catalogue names by path, and "Dry run". The files stay in the form's state until sent; the
 * import machine checks them (the domain's `checkImportUpload`) before anything is sent.
 * @module
 */
import { useId, useState } from 'react';
import type { AdminCatalogueFormat } from '../../api/admin-imports.ts';
import { IMPORT_FORMATS, formatOfFileName } from '../../domain/admin-imports.ts';
import type { AdminImportApi } from '../../hooks/admin/useAdminImportJob.ts';
import { FormMessage } from './FormMessage.tsx';

/** The form, sending through `job` (`useAdminImportJob`). */
export function ImportForm({ job }: { job: AdminImportApi }) {
  const id = useId();
  const [format, setFormat] = useState<AdminCatalogueFormat>('shopify');
  const [file, setFile] = useState<File | null>(null);
  const [categories, setCategories] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [dryRun, setDryRun] = useState(false);
  const choice = IMPORT_FORMATS.find((f) => f.value === format) ?? IMPORT_FORMATS[0]!;
  return (
    <form
      className="admin-card admin-form admin-wide"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        job.submit({ format, file: file as File, ...(format === 'volusion' && categories ? { categories } : {}), images, dryRun });
      }}
    >
      <h2 id={`${id}-title`}>Import a catalogue</h2>
      <p className="admin-hint">Products are matched by handle or SKU: new ones are created, known ones updated. The whole file is applied, or nothing.</p>
      <div className="admin-form-grid">
        <div className="admin-field">
          <label htmlFor={`${id}-format`}>Format</label>
          <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value as AdminCatalogueFormat)}>
            {IMPORT_FORMATS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-file`}>Catalogue file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept={choice.accept}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              const said = chosen ? formatOfFileName(chosen.name) : null;
              if (said) setFormat(said);
            }}
          />
        </div>
        {format === 'volusion' ? (
          <div className="admin-field">
            <label htmlFor={`${id}-categories`}>Categories file <span className="admin-hint">(optional, Volusion's categories CSV)</span></label>
            <input id={`${id}-categories`} type="file" accept=".csv,text/csv" onChange={(e) => setCategories(e.target.files?.[0] ?? null)} />
          </div>
        ) : null}
        <div className="admin-field">
          <label htmlFor={`${id}-images`}>Pictures <span className="admin-hint">(optional: the files the catalogue names by path)</span></label>
          <input id={`${id}-images`} type="file" accept="image/*" multiple onChange={(e) => setImages(Array.from(e.target.files ?? []))} />
        </div>
      </div>
      <label className="admin-check">
        <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />
        {' '}Dry run: check the file and report, write nothing
      </label>
      <FormMessage error={job.error && !job.watching ? job.error : null} />
      <button type="submit" className="admin-button" disabled={!job.canSubmit}>
        {job.uploading ? 'Sending…' : job.watching ? 'Importing…' : dryRun ? 'Check the file' : 'Import'}
      </button>
    </form>
  );
}
