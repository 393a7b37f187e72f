package lunar

// The sections of the Lunar Poker rule book (content/rules/books/lunar.md)
// that the engine cites in each wager result's Rule. They are section ids:
// never renamed once shipped, since stored attempts and citations point at
// them. The rule book test checks that each one is a heading of the book.
const (
	RuleInstantCash       = "lunar.instant_cash"       // Instant Cash on the Ante
	RuleFold              = "lunar.decision_fold"      // a fold loses the Ante
	RuleAnte              = "lunar.settle_ante"        // the Ante against a qualifying dealer
	RuleBet               = "lunar.settle_bet"         // the BET against a qualifying dealer
	RuleSecondCombination = "lunar.second_combination" // a BET paid for two combinations
	RuleAntePayout        = "lunar.ante_payout"        // the dealer does not qualify and the player takes the Ante payout
	RuleForce             = "lunar.force_dealer"       // the player forced the dealer to try to qualify
	RuleSuper             = "lunar.settle_super"       // Super, Multi Super and Dealer Super
	RuleInsurance         = "lunar.insurance"          // insurance, where the house offers it
)

// Rules are every section id the engine may cite, for the rule book test.
var Rules = []string{RuleInstantCash, RuleFold, RuleAnte, RuleBet, RuleSecondCombination,
	RuleAntePayout, RuleForce, RuleSuper, RuleInsurance}
