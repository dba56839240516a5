-- Reserved: this migration changes nothing yet.
SELECT 1;
