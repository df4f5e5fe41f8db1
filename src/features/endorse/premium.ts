/** The pro-rata premium lives in src/lib (isomorphic: the Add form's live estimate uses it too). */
export * from '~/lib/pro-rata';
