process.env.TEST_DB_KIND = 'postgres';
