'use strict';
// The compiled add-on (binding.gyp); a require that throws means it did not build here.
module.exports = require('./build/Release/sync_client.node');
