import { spriteSvg } from '~/ui/icon';

/** The icon sprite, rendered at build time into a static file. */
export const GET = () =>
  new Response(spriteSvg(), {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' },
  });

export const getConfig = async () => ({ render: 'static' }) as const;
