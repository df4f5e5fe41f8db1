'use client';
/**
 * The kit's file drop zone (#29): every place that takes a file shows this instead of the
 * browser's "Choose File / No file chosen" (which speaks the browser's language, not the page's).
 * Click it, press Enter or Space on it, or drop a file on it. Before anything is sent it says which
 * kinds and what size the site accepts (the site's upload rules, spec §5) and runs the same checks
 * the API repeats (`~/lib/upload-checks`), with their messages in the page's language; only the
 * files that pass reach `onFiles`. The native input stays (keyboard, screen readers, tests'
 * `setInputFiles`) but is visually hidden and takes no width, so a phone never scrolls sideways.
 *
 *   <UploadArea locale={locale} rules={site.upload} multiple onFiles={(files) => files.forEach(send)} />
 *   <UploadArea locale={locale} kinds={['pdf']} showChosen onFiles={([file]) => hash(file)} />
 */
import { type DragEvent, type ReactNode, useEffect, useId, useState } from 'react';
import en from '@i18n/en/upload';
import zhCn from '@i18n/zh-cn/upload';
import { fill } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import { checkUpload, fileSizeText, parseList, type UploadRules } from '~/lib/upload-checks';
import { uiText } from './texts';

/** The suffixes an image field takes (the site's list is narrowed to these). */
export const IMAGE_SUFFIXES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'];

export interface UploadAreaProps {
  locale: Locale;
  /** The site's upload rules: the kinds and size shown, and the checks run before `onFiles`. */
  rules?: UploadRules;
  /** Suffixes this place takes (e.g. `['pdf']`); with `rules`, the site's list narrowed to them. */
  kinds?: string[];
  /** Images only (the prompt says so, the picker offers images, a chosen image is previewed with `showChosen`). */
  image?: boolean;
  multiple?: boolean;
  disabled?: boolean;
  /** Show the last chosen file (name, size, image preview) in the zone: for callers that list nothing themselves. */
  showChosen?: boolean;
  /** The zone's prompt instead of the kit's (e.g. "Import a list"). */
  prompt?: string;
  /** The native input's id, for a caller's own `<label htmlFor>` (its name then joins the prompt's). */
  id?: string;
  /** The files that passed the checks (the first refusal is shown in the zone). */
  onFiles: (files: File[]) => void;
  /** Shown under the prompt (e.g. the caller's own progress). */
  children?: ReactNode;
}

const CHECKS = { 'zh-cn': zhCn, en };

/** The kinds this place takes: the site's list narrowed to `kinds` / images, else `kinds` as given. */
function acceptedKinds(rules: UploadRules | undefined, kinds: string[] | undefined, image: boolean | undefined): string[] {
  const wanted = kinds ?? (image ? IMAGE_SUFFIXES : null);
  const site = rules ? parseList(rules.allowedSuffixes) : null;
  if (site && wanted) return site.filter((s) => wanted.includes(s));
  return site ?? wanted ?? [];
}

export function UploadArea({
  id,
  prompt: ownPrompt,
  locale,
  rules,
  kinds,
  image,
  multiple,
  disabled,
  showChosen,
  onFiles,
  children,
}: UploadAreaProps) {
  const t = uiText(locale).uploadArea;
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ name: string; size: number; preview: string | null } | null>(null);
  const accepted = acceptedKinds(rules, kinds, image);
  // An image place takes the site's image types only; a place with its own kinds goes by suffix.
  const mimes = rules && !kinds ? parseList(rules.allowedMimeTypes).filter((m) => !image || m.startsWith('image/')) : [];

  useEffect(() => () => void (chosen?.preview && URL.revokeObjectURL(chosen.preview)), [chosen]);

  function take(list: File[]) {
    setProblem(null);
    const files = multiple ? list : list.slice(0, 1);
    const passed: File[] = [];
    for (const file of files) {
      const facts = { name: file.name, size: file.size, type: file.type };
      const refused = checkUpload(facts, {
        maxSize: rules?.maxSize ?? Number.POSITIVE_INFINITY,
        allowedSuffixes: accepted,
        allowedMimeTypes: mimes,
      });
      if (refused) {
        // The first refusal is shown; the other files still go.
        setProblem((p) => p ?? `${multiple ? `${file.name}: ` : ''}${CHECKS[locale][refused]}`);
        continue;
      }
      passed.push(file);
    }
    const last = passed.at(-1);
    if (showChosen && last)
      setChosen({ name: last.name, size: last.size, preview: last.type.startsWith('image/') ? URL.createObjectURL(last) : null });
    if (passed.length) onFiles(passed);
  }

  function drop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(Array.from(e.dataTransfer.files));
  }

  const prompt = ownPrompt ?? (image ? t.promptImage : multiple ? t.promptMany : t.prompt);
  // Kinds and size on lines of their own, so a phone never breaks a limit mid-phrase.
  const rulesLines = [
    accepted.length ? fill(t.kinds, { kinds: accepted.map((k) => k.toUpperCase()).join(t.listJoin) }) : '',
    rules ? fill(t.maxSize, { size: fileSizeText(rules.maxSize, locale) }) : '',
  ].filter(Boolean);
  return (
    <div className="upload-area" data-dragging={dragging || undefined} data-disabled={disabled || undefined}>
      <label
        htmlFor={inputId}
        className="upload-area-zone"
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <svg className="upload-area-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 16V4 M7 9l5-5 5 5 M4 15v4a1 1 0 001 1h14a1 1 0 001-1v-4" />
        </svg>
        <span className="upload-area-prompt">{dragging ? t.dropHere : prompt}</span>
        {rulesLines.length ? (
          <span id={hintId} className="upload-area-rules">
            {rulesLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </span>
        ) : null}
        {chosen ? (
          <span className="upload-area-chosen" role="status">
            {chosen.preview ? <img src={chosen.preview} alt="" width={48} height={48} /> : null}
            <span className="upload-area-file" translate="no">
              {chosen.name}
            </span>
            <span className="upload-area-size">{fileSizeText(chosen.size, locale)}</span>
          </span>
        ) : null}
      </label>
      <input
        id={inputId}
        className="sr-only"
        type="file"
        multiple={multiple}
        accept={accepted.length ? accepted.map((k) => `.${k}`).join(',') : image ? 'image/*' : undefined}
        disabled={disabled}
        aria-describedby={rulesLines.length ? hintId : undefined}
        onChange={(e) => {
          take(Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = '';
        }}
      />
      {children}
      {problem ? (
        <p className="upload-area-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
