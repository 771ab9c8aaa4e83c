-- The publish webhook's secret belongs in Supabase Vault, not in a plain table a database dump or
-- a stray grant would show. Hosted projects have the Vault (supabase_vault) installed; the
-- deployment stores the secret once with
--   select vault.create_secret('<secret>', 'publish_webhook_secret');
-- and keeps only the URL in private.publish_settings. A project that set webhook_secret there
-- before keeps working: the Vault's secret wins when both exist.
--
-- pg_net posts once, after the transaction commits, and does not retry; the publish worker's
-- poll of publish_pending() is what recovers a lost webhook (docs/deploy.md).

create or replace function private.publish_enqueue(p_payload jsonb) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  new_id bigint;
  target record;
  secret text;
begin
  insert into private.publish_outbox (payload) values (p_payload) returning id into new_id;
  perform pg_notify('publish_outbox', new_id::text);
  select webhook_url, webhook_secret into target from private.publish_settings where id;
  if target.webhook_url is not null and to_regproc('net.http_post') is not null then
    if to_regclass('vault.decrypted_secrets') is not null then
      execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 order by created_at desc limit 1'
        into secret using 'publish_webhook_secret';
    end if;
    execute 'select net.http_post(url := $1, body := $2, headers := $3)'
      using target.webhook_url, p_payload,
            jsonb_build_object('Content-Type', 'application/json',
                               'Authorization', 'Bearer ' || coalesce(secret, target.webhook_secret, ''));
    update private.publish_outbox set delivered_at = now() where id = new_id;
  end if;
end
$$;
comment on function private.publish_enqueue(jsonb) is
  'Writes one publish outbox row; on hosted Supabase posts it with pg_net, signed with the Vault secret publish_webhook_secret.';
