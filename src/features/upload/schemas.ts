import * as v from 'valibot';

/** A topic (storage sub-folder): alpha-dash, at most 20 characters (reference §6.1). */
export const TOPIC = /^[A-Za-z0-9_-]{1,20}$/;

const topic = v.optional(
  v.union([v.literal('', 'upload.topic'), v.pipe(v.string('upload.topic'), v.regex(TOPIC, 'upload.topic'))], 'upload.topic'),
  '',
);

/**
 * The text fields beside `file` in POST /index/upload: `topic`, or the spec's `filepath` as its
 * other name; empty means `default`.
 */
export const uploadFieldsSchema = v.pipe(
  v.object({ topic, filepath: topic }),
  v.transform((f) => ({ topic: f.topic || f.filepath || 'default' })),
);

export type UploadFields = v.InferOutput<typeof uploadFieldsSchema>;

/** What the API answers for a stored file (`data.file`); the upload island reads the same shape. */
export interface UploadedFile {
  id: number;
  url: string;
  full_url: string;
  name: string;
  size: number;
  type: string;
  sha1: string;
  topic: string;
  storage: string;
  width: number;
  height: number;
}

/** `POST /ajax/uploadCallback`: what the browser reports after a direct upload to the store. */
export const uploadCallbackSchema = v.object({
  url: v.pipe(v.string('upload.incomplete'), v.minLength(1, 'upload.incomplete'), v.maxLength(2048, 'upload.incomplete')),
  name: v.pipe(v.string('upload.incomplete'), v.minLength(1, 'upload.incomplete'), v.maxLength(255, 'upload.incomplete')),
  size: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))], 'upload.incomplete'),
    v.number('upload.incomplete'),
    v.integer('upload.incomplete'),
    v.minValue(1, 'upload.incomplete'),
  ),
  type: v.optional(v.pipe(v.string('upload.incomplete'), v.maxLength(200, 'upload.incomplete')), ''),
  sha1: v.pipe(v.string('upload.incomplete'), v.regex(/^[0-9a-fA-F]{40}$/, 'upload.incomplete')),
  topic,
  filepath: topic,
});

/** The saveName template (isomorphic): the direct-mode browser builds its object keys with it. */
export { buildSaveName, DEFAULT_SAVE_NAME } from './save-name';
