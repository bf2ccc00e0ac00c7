# libpq's headers and library come from pg_config (Debian: libpq-dev); on Windows, pg_config of a
# PostgreSQL install on the PATH. Plain C against Node-API: no other package, and loadable in any
# thread of a process (the back office threads each load it).
{
  'variables': {
    'pgconfig%': 'pg_config',
  },
  'targets': [
    {
      'target_name': 'sync_client',
      'sources': ['src/sync_client.c'],
      'include_dirs': ['<!@(<(pgconfig) --includedir)'],
      'defines': ['NAPI_VERSION=8'],
      'conditions': [
        ['OS=="win"', {
          'libraries': ['libpq.lib', 'ws2_32.lib', 'secur32.lib'],
          'msvs_settings': {
            'VCLinkerTool': { 'AdditionalLibraryDirectories': ['<!@(<(pgconfig) --libdir)'] },
          },
        }, {
          'cflags': ['-fvisibility=hidden', '-Wall', '-Wextra', '-Wno-unused-parameter'],
          'libraries': ['-L<!@(<(pgconfig) --libdir)', '-lpq'],
        }],
      ],
    },
  ],
}
