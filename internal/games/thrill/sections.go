package thrill

// The sections of the house rule book (content/rules/books/thrill.md) that a
// settlement cites: each wager result's Rule is one of them, and the drills
// cite them too. They are heading ids of the book, so they are never renamed
// (stored attempts point at them); TestSectionsInBook checks that each one is
// a heading of the book.
const (
	SecWagers        = "thrill.wagers"         // the wagers a box may make
	SecPrimaryWagers = "thrill.primary_wagers" // the four primary wagers, and how many a box may make
	SecSpecialWager  = "thrill.special_wager"  // the Special Bet beside a primary wager
	SecExposedCard   = "thrill.exposed_card"   // the dealer's exposed card
	SecMisdeals      = "thrill.misdeals"       // a wrong card count or an exposed card during the deal
	SecDiscards      = "thrill.discards"       // the player sets his hand: two discards
	SecCardsSpeak    = "thrill.cards_speak"    // the best five of seven, or the kept five
	SecBestHand      = "thrill.best_hand"      // how a hand is made
	SecHandRanking   = "thrill.hand_ranking"   // how hands rank
	SecJoker         = "thrill.joker"          // the joker is a bug
	SecJokerFlush    = "thrill.joker_flush"    // the joker in a flush
	SecWheel         = "thrill.wheel"          // A-2-3-4-5, the second-highest straight
	SecWheelSF       = "thrill.wheel_straight_flush"
	SecFiveAces      = "thrill.five_aces"       // the top hand
	SecTies          = "thrill.ties"            // equal hands, natural or with the joker
	SecKingJackHigh  = "thrill.king_jack_high"  // the dealer's hand that half-pays a winning Poker Bet
	SecPokerBet      = "thrill.poker_bet"       // settling the Poker Bet
	SecKingsOrBetter = "thrill.kings_or_better" // settling Pair of Kings or Better
	SecTripsOrBetter = "thrill.trips_or_better"
	SecFullHouse     = "thrill.full_house_or_better"
	SecSpecialBet    = "thrill.special_bet"  // settling the Special Bet
	SecBonusApart    = "thrill.bonus_apart"  // the bonus bets pay whatever the Poker Bet does
	SecHalfPays      = "thrill.half_pays"    // half pays and odd amounts
	SecMaxPayout     = "thrill.max_payout"   // the most a box is paid in a round
	SecSettleOrder   = "thrill.settle_order" // box by box, the Poker Bet first
	SecDealerHand    = "thrill.dealer_hand"  // the dealer's hand: shown, set, never qualifies
	SecSettlement    = "thrill.settlement"   // the settlement chapter
	SecTable         = "thrill.table"        // the cards, the layout and the boxes
	SecDeal          = "thrill.deal"         // the deal
	SecDecisions     = "thrill.decisions"    // the player's decisions
	SecPaytables     = "thrill.paytables"    // the pay tables
	SecProcedures    = "thrill.procedures"   // the sequence of play
	SecRulings       = "thrill.rulings"      // the rulings
)

// Sections lists every section id above, for the test that checks them
// against the book.
var Sections = []string{
	SecWagers, SecPrimaryWagers, SecSpecialWager, SecExposedCard, SecMisdeals, SecDiscards,
	SecCardsSpeak, SecBestHand, SecHandRanking, SecJoker, SecJokerFlush, SecWheel, SecWheelSF,
	SecFiveAces, SecTies, SecKingJackHigh, SecPokerBet, SecKingsOrBetter, SecTripsOrBetter,
	SecFullHouse, SecSpecialBet, SecBonusApart, SecHalfPays, SecMaxPayout, SecSettleOrder,
	SecDealerHand, SecSettlement, SecTable, SecDeal, SecDecisions, SecPaytables, SecProcedures,
	SecRulings,
}
