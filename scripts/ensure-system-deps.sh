#!/usr/bin/env bash
# Installs what the tests need beyond npm, from Debian's packages, where it is missing: Chromium and CJK fonts for the
# browser journeys, ffmpeg for the ingest tests, nginx with its RTMP module for the external-media-server test. Needs root (CI and the development machines run as root).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_rtmp_module.so ] || need+=(libnginx-mod-rtmp)
# redis-server: the realtime hub's test starts one of its own and kills it under the hub.
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
if ((${#need[@]} == 0)); then exit 0; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "missing system packages: ${need[*]} (install them with apt-get as root)" >&2
  exit 1
fi
echo "installing system packages: ${need[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
