package postgres

// BeginUserTx lets the tests hold a user's write transaction open.
var BeginUserTx = (*DB).beginUserTx
