/**
 * Add a picture to a product (owner and staff): a file and its text, sent as it is (the server
 * keeps it upright, without metadata, at most 1600 px). A `useAdminForm` of kind
 * 'productPicture': the domain checks the file's type and size and the text before anything is
 * sent; the product as answered replaces the one on the page.
 * @module
 */
import { useId, useState } from 'react';
import { PICTURE_UPLOAD_TYPES } from '../../domain/admin-products.ts';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';

/** The form. */
export function ProductPictureForm({ productId, onAdded }: { productId: number; onAdded: (message: string) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const start = { id: String(productId), fileName: '', fileType: '', fileSize: '', altText: '' };
  const form = useAdminForm({ kind: 'productPicture', fields: start }, {
    file,
    onDone: () => {
      setFile(null);
      setInputKey((k) => k + 1);
      form.reset(start);
      onAdded('The picture is added. The storefront shows it.');
    },
  });
  const choose = (chosen: File | null) => {
    setFile(chosen);
    form.set('fileName', chosen?.name ?? '');
    form.set('fileType', chosen?.type ?? '');
    form.set('fileSize', chosen ? String(chosen.size) : '');
  };
  return (
    <form className="admin-picture-form" aria-labelledby={`${id}-title`} onSubmit={(e) => { e.preventDefault(); form.submit(); }} noValidate>
      <h3 id={`${id}-title`}>Add a picture</h3>
      <div className="admin-field">
        <label htmlFor={`${id}-file`}>Picture file</label>
        <input key={inputKey} id={`${id}-file`} type="file" accept={PICTURE_UPLOAD_TYPES.join(',')} onChange={(e) => choose(e.target.files?.[0] ?? null)} />
        <p className="admin-hint">JPEG, PNG, GIF or WebP, at most 15 MB.</p>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-alt`}>Text for shoppers who cannot see it</label>
        <input id={`${id}-alt`} type="text" maxLength={500} value={form.fields.altText ?? ''} onChange={(e) => form.set('altText', e.target.value)} />
      </div>
      <FormMessage error={form.error} />
      <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Adding…' : 'Add picture'}</button>
    </form>
  );
}
