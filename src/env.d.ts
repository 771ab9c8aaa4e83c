/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_PUBLISHABLE_KEY?: string;
  /** Legacy name of the publishable key (a JWT anon key), read when the new one is unset. */
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrates on the first interaction inside the island (src/browser/client-interaction.ts). */
    'client:interaction'?: boolean | { idleWhen?: string; event?: string };
  }
}
