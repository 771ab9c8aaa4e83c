/**
 * Build-time / browser configuration of the app. The app reaches Supabase only over HTTP, so the
 * same build runs against the local stack (`npm start`) or hosted Supabase: set
 * PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_PUBLISHABLE_KEY in the environment (or .env) before
 * building. A deployment that still sets the legacy PUBLIC_SUPABASE_ANON_KEY keeps working: the
 * anon key is accepted wherever the publishable key is, until the project disables legacy keys.
 */
import { parseImageMode, type ImageMode } from './image-mode.ts';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from './local-stack.ts';

export const PUBLIC_SUPABASE_URL: string = import.meta.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;
/** The key every browser request carries as `apikey`: it grants the anon role, nothing more. */
export const PUBLIC_SUPABASE_PUBLISHABLE_KEY: string =
  import.meta.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY ||
  import.meta.env.PUBLIC_SUPABASE_ANON_KEY ||
  LOCAL_SUPABASE_PUBLISHABLE_KEY;

/**
 * Where responsive images come from (src/lib/image-mode.ts, docs/images.md):
 * PUBLIC_IMAGE_TRANSFORMS=storage (default, also `on`) uses Storage's renderer, which hosted
 * Supabase offers on the Pro plan and above; `build` has the build render them into the site
 * (any plan); `off` uses the stored images as they are.
 */
export const IMAGE_MODE: ImageMode = parseImageMode(import.meta.env.PUBLIC_IMAGE_TRANSFORMS);
