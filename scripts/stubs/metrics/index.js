module.exports = { Timer: function Timer() {} };
