#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl create configmap` and `kubectl
# create secret generic` (and the `create secret` group's usage error, `create secret tls`
# with missing files), all built client-side: discovery-stub.mjs only answers discovery, and
# every recorded command is --dry-run=client or fails before sending anything. The input
# files (--from-file, --from-env-file) are written here into real-1.32-create-data/ and the
# commands run in that folder so their relative paths appear as typed. conf/ is a directory
# source (regular files become keys; its subdirectory and symlink are skipped), baddir/ holds
# a file whose name is not a valid key, bin.dat is not UTF-8 (a ConfigMap's binaryData).
# Run by hand on a machine with kubectl 1.32 and node:  bash capture-create-data.sh
# Each case becomes real-1.32-create-data/<name>.txt in capture.sh's format.
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28433
source "$here/capture-lib.sh"
start_stub
mkdir -p "$here/real-1.32-create-data"
cd "$here/real-1.32-create-data"

# Inputs (none ends in .txt, which the tests read as recordings). A line of an env file
# without `=` takes its value from the environment.
export CAPTURE_FROM_ENV=from-the-environment
unset CAPTURE_UNSET
printf 'color=blue\nsize=10\n# a comment\ngreeting=hello world\n' >app.properties
printf 'server {\n  listen 80;\n}\n' >nginx.conf
printf 'not a valid key\n' >'bad name.conf'
printf '# settings\n\nA=1\n  B=two words\nC=x=y\nD=\nQUOTED="a b"\nTRAIL=x  \nmy.key-1=v\nCAPTURE_FROM_ENV\nCAPTURE_UNSET\n#E=5\n' >app.env
printf 'F=6\nA2=seven\n' >more.env
printf 'A=1\nF=dup\n' >dup.env
printf 'A=1\nexport B=2\n' >export.env
printf '1A=x\n' >digit.env
printf 'K = v\n' >spaces.env
printf '\xff\xfe\x00\x01' >bin.dat
mkdir -p conf/sub baddir
printf 'a=1\n' >conf/a.conf
printf 'b: 2\n' >conf/b.yaml
printf 'hidden\n' >conf/.hidden
printf 'inner\n' >conf/sub/inner.txt
ln -sfn a.conf conf/link.conf
printf 'ok\n' >baddir/ok.txt
printf 'bad\n' >'baddir/bad name.conf'

# configmap
cap configmap-literal create configmap x --from-literal=a=1 --dry-run=client -o yaml
cap configmap-two-literals create configmap x --from-literal=b=2 --from-literal=a=1 --dry-run=client -o yaml
cap configmap-json create configmap x --from-literal=b=2 --from-literal=a=1 --dry-run=client -o json
cap configmap-name create configmap x --from-literal=a=1 --dry-run=client -o name
cap configmap-default create configmap x --from-literal=a=1 --dry-run=client
cap configmap-alias create cm x --from-literal=a=1 --dry-run=client
cap configmap-empty create configmap x --dry-run=client -o yaml
cap configmap-empty-json create configmap x --dry-run=client -o json
cap configmap-from-file create configmap x --from-file=app.properties --dry-run=client -o yaml
cap configmap-from-file-key create configmap x --from-file=cfg=app.properties --dry-run=client -o yaml
cap configmap-from-file-two create configmap x --from-file=nginx.conf,app.properties --dry-run=client -o yaml
cap configmap-from-file-path create configmap x --from-file=conf/a.conf --dry-run=client -o yaml
cap configmap-from-dir create configmap x --from-file=conf --dry-run=client -o yaml
(cd conf && cap ../configmap-from-dir-dot create configmap x --from-file=. --dry-run=client -o yaml)
cap configmap-from-dir-key create configmap x --from-file=k=conf --dry-run=client -o yaml
cap configmap-from-dir-bad-name create configmap x --from-file=baddir --dry-run=client -o yaml
cap configmap-from-file-bad-name create configmap x --from-file='bad name.conf' --dry-run=client -o yaml
cap configmap-from-file-bad-name-key create configmap x --from-file='ok=bad name.conf' --dry-run=client -o yaml
cap configmap-from-file-missing create configmap x --from-file=nope.txt --dry-run=client -o yaml
cap configmap-from-file-no-key create configmap x --from-file==app.properties --dry-run=client
cap configmap-from-file-no-path create configmap x --from-file=k= --dry-run=client
cap configmap-from-file-two-equals create configmap x --from-file=a=b=c --dry-run=client
cap configmap-from-file-binary create configmap x --from-file=bin.dat --from-literal=a=1 --dry-run=client -o yaml
cap configmap-from-file-binary-json create configmap x --from-file=bin.dat --dry-run=client -o json
cap configmap-file-and-literal-dup create configmap x --from-literal=app.properties=1 --from-file=app.properties --dry-run=client
cap configmap-binary-and-literal-dup create configmap x --from-file=bin.dat --from-literal=bin.dat=1 --dry-run=client
cap configmap-from-env-file create configmap x --from-env-file=app.env --dry-run=client -o yaml
cap configmap-from-env-file-json create configmap x --from-env-file=app.env --dry-run=client -o json
cap configmap-two-env-files create configmap x --from-env-file=app.env --from-env-file=more.env --dry-run=client -o yaml
cap configmap-env-files-dup create configmap x --from-env-file=app.env --from-env-file=dup.env --dry-run=client -o yaml
cap configmap-env-file-export create configmap x --from-env-file=export.env --dry-run=client -o yaml
cap configmap-env-file-digit create configmap x --from-env-file=digit.env --dry-run=client -o yaml
cap configmap-env-file-spaces create configmap x --from-env-file=spaces.env --dry-run=client -o yaml
cap configmap-env-file-missing create configmap x --from-env-file=nope.env --dry-run=client -o yaml
cap configmap-env-file-dir create configmap x --from-env-file=conf --dry-run=client -o yaml
cap configmap-env-file-and-literal create configmap x --from-env-file=app.env --from-literal=a=1 --dry-run=client -o yaml
cap configmap-env-file-and-file create configmap x --from-env-file=app.env --from-file=app.properties --dry-run=client -o yaml
cap configmap-literal-dup create configmap x --from-literal=a=1 --from-literal=a=2 --dry-run=client -o yaml
cap configmap-literal-no-equals create configmap x --from-literal=abc --dry-run=client -o yaml
cap configmap-literal-no-key create configmap x --from-literal==1 --dry-run=client -o yaml
cap configmap-literal-bad-key create configmap x --from-literal='a b=1' --dry-run=client -o yaml
cap configmap-literal-dot-key create configmap x --from-literal=.=1 --dry-run=client -o yaml
cap configmap-literal-dotdot-key create configmap x --from-literal=..a=1 --dry-run=client -o yaml
cap configmap-literal-empty-value create configmap x --from-literal=a= --dry-run=client -o yaml
cap configmap-literal-equals-in-value create configmap x --from-literal=a=b=c --dry-run=client -o yaml
cap configmap-literal-comma create configmap x --from-literal=a=1,b=2 --dry-run=client -o yaml
cap configmap-literal-special-values create configmap x --from-literal=n=10 --from-literal=t=true --from-literal=s=' x ' --from-literal=m=$'l1\nl2' --dry-run=client -o yaml
cap configmap-append-hash create configmap x --from-literal=a=1 --append-hash --dry-run=client -o yaml
cap configmap-append-hash-name create configmap x --from-literal=a=1 --from-literal=b=2 --append-hash --dry-run=client -o name
cap configmap-append-hash-empty create configmap x --append-hash --dry-run=client -o name
cap configmap-append-hash-binary create configmap x --from-file=bin.dat --append-hash --dry-run=client -o name
cap configmap-no-name create configmap --dry-run=client
cap configmap-two-names create configmap a b --dry-run=client
cap configmap-namespace create configmap x --from-literal=a=1 -n other --dry-run=client -o yaml
cap configmap-namespace-default create configmap x --from-literal=a=1 -n other --dry-run=client
cap configmap-save-config create configmap x --from-literal=a=1 --save-config --dry-run=client -o yaml
cap configmap-save-config-json create configmap x --from-literal=a=1 -n other --save-config --dry-run=client -o json

# secret
cap secret-no-subcommand create secret
cap secret-unknown-subcommand create secret bogus x
cap secret-literal create secret generic s --from-literal=a=1 --from-literal=pass='p@ss w0rd' --dry-run=client -o yaml
cap secret-literal-json create secret generic s --from-literal=b=2 --from-literal=a=1 --dry-run=client -o json
cap secret-name create secret generic s --from-literal=a=1 --dry-run=client -o name
cap secret-default create secret generic s --from-literal=a=1 --dry-run=client
cap secret-empty create secret generic s --dry-run=client -o yaml
cap secret-basic-auth create secret generic s --type=kubernetes.io/basic-auth --from-literal=username=u --from-literal=password=p --dry-run=client -o yaml
cap secret-from-file create secret generic s --from-file=app.properties --from-file=key=nginx.conf --dry-run=client -o yaml
cap secret-from-file-binary create secret generic s --from-file=bin.dat --dry-run=client -o yaml
cap secret-from-dir create secret generic s --from-file=conf --dry-run=client -o yaml
cap secret-from-env-file create secret generic s --from-env-file=app.env --dry-run=client -o yaml
cap secret-env-file-and-literal create secret generic s --from-env-file=app.env --from-literal=a=1 --dry-run=client
cap secret-append-hash create secret generic s --from-literal=a=1 --append-hash --dry-run=client -o yaml
cap secret-append-hash-type create secret generic s --from-literal=a=1 --type=kubernetes.io/basic-auth --append-hash --dry-run=client -o name
cap secret-literal-dup create secret generic s --from-literal=a=1 --from-literal=a=2 --dry-run=client
cap secret-literal-file-dup create secret generic s --from-file=a=nginx.conf --from-literal=a=1 --dry-run=client
cap secret-literal-bad-key create secret generic s --from-literal='a b=1' --dry-run=client
cap secret-literal-no-equals create secret generic s --from-literal=abc --dry-run=client
cap secret-from-file-missing create secret generic s --from-file=nope.txt --dry-run=client
cap secret-no-name create secret generic --dry-run=client
cap secret-namespace-save-config create secret generic s --from-literal=a=1 -n other --save-config --dry-run=client -o yaml
cap secret-tls-missing create secret tls x --cert=a --key=b --dry-run=client
