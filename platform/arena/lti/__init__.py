"""LTI 1.3: a learning platform (Canvas, Moodle) launches our challenges, links them by deep
linking, receives scores (Assignment and Grade Services) and shares its roster (Names and Role
Provisioning Services). docs/lti.md says how to register the tool and what the contract is."""
