#!/bin/bash
# make deps touches apt only for what is missing, and then updates first.
source "$(dirname "$0")/common.sh"

shim=$SCRATCH/bin
mkdir -p "$shim"
cat >"$shim/apt-get" <<SH
#!/bin/sh
echo "apt-get \$*" >>"$SCRATCH/apt.log"
exit 1
SH
chmod +x "$shim/apt-get"

PATH=$shim:$PATH "$TOP/scripts/deps.sh" 2>"$SCRATCH/err" ||
	err "deps.sh failed with everything installed: $(cat "$SCRATCH/err")"
[ ! -e "$SCRATCH/apt.log" ] || err "apt-get ran although nothing was missing: $(cat "$SCRATCH/apt.log")"

# Now fio "is missing".
cat >"$shim/dpkg-query" <<SH
#!/bin/sh
for a; do last=\$a; done
[ "\$last" = fio ] && exit 1
exec /usr/bin/dpkg-query "\$@"
SH
chmod +x "$shim/dpkg-query"
[ "$(id -u)" -eq 0 ] || {
	PATH=$shim:$PATH expect_fail 'need root to install: fio' "$TOP/scripts/deps.sh"
	exit 0
}
PATH=$shim:$PATH expect_fail . "$TOP/scripts/deps.sh"
[ "$(head -n1 "$SCRATCH/apt.log")" = "apt-get update -q" ] || err "apt-get did not update first: $(cat "$SCRATCH/apt.log")"
exit 0
